import { ACTIVITY_FILTERS, type ActivityFilter, type ActivityStats } from '@crm/shared';
import { Badge, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

const COUNT_OF: Record<ActivityFilter, keyof ActivityStats> = {
  upcoming: 'upcomingCount',
  incomplete: 'incompleteCount',
  done: 'doneCount',
  waiting_approval: 'waitingApprovalCount',
  need_approval: 'needApprovalCount',
};

const BADGE_COLORS: Record<ActivityFilter, string> = {
  upcoming: '#1f6feb',
  incomplete: '#f5222d',
  done: '#52c41a',
  waiting_approval: '#faad14',
  need_approval: '#fa8c16',
};

export type ActivityFilterTabsProps = {
  filter: ActivityFilter;
  onChange: (filter: ActivityFilter) => void;
  /** Undefined while the counts load (or when they failed): the tabs show without badges. */
  stats: ActivityStats | undefined;
  /** need_approval is a manager's filter (spec 001 §6): shown to them even when nothing waits, with 0. */
  showsApprovals: boolean;
};

/** The /activities filters, each with its count (spec 001 §2). */
export function ActivityFilterTabs({ filter, onChange, stats, showsApprovals }: ActivityFilterTabsProps) {
  const { t } = useTranslation();
  const filters = ACTIVITY_FILTERS.filter((candidate) => candidate !== 'need_approval' || showsApprovals);
  return (
    <Tabs
      className="activity-filters"
      activeKey={filter}
      onChange={(key) => {
        const chosen = ACTIVITY_FILTERS.find((candidate) => candidate === key);
        if (chosen !== undefined) onChange(chosen);
      }}
      items={filters.map((candidate) => ({
        key: candidate,
        label: (
          <span className="activity-filter-label" data-testid={`filter-${candidate}`}>
            {t(`activities.filters.${candidate}`)}
            {stats !== undefined && (
              <Badge
                count={stats[COUNT_OF[candidate]]}
                showZero
                overflowCount={9999}
                color={candidate === filter ? BADGE_COLORS[candidate] : '#bfbfbf'}
                data-testid={`filter-count-${candidate}`}
              />
            )}
          </span>
        ),
      }))}
    />
  );
}
