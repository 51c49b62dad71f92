import { ACTIVITY_FILTERS, type ActivityFilter, type ActivityStats } from '@crm/shared';
import { Badge, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { BRAND_COLOR, ERROR_COLOR, SUCCESS_COLOR, WARNING_COLOR } from '@/app/theme';

const COUNT_OF: Record<ActivityFilter, keyof ActivityStats> = {
  upcoming: 'upcomingCount',
  incomplete: 'incompleteCount',
  done: 'doneCount',
  waiting_approval: 'waitingApprovalCount',
  need_approval: 'needApprovalCount',
};

/** Behind white figures: each at least 4.5:1 (WCAG AA). */
const BADGE_COLORS: Record<ActivityFilter, string> = {
  upcoming: BRAND_COLOR,
  incomplete: ERROR_COLOR,
  done: SUCCESS_COLOR,
  waiting_approval: WARNING_COLOR,
  need_approval: '#ad4e00',
};
const IDLE_BADGE_COLOR = '#6b6b6b';

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
                color={candidate === filter ? BADGE_COLORS[candidate] : IDLE_BADGE_COLOR}
                data-testid={`filter-count-${candidate}`}
              />
            )}
          </span>
        ),
      }))}
    />
  );
}
