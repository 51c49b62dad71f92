import type { CycleSummary, TeamMember, TeamResult } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Table, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cycleQueries } from '@/modules/cycles/api';
import { PaceTag } from '@/modules/cycles/components/PaceTag';
import { PlanQueryState } from '@/modules/cycles/components/PlanQueryState';
import { useIsPhone } from '@/ui/phone-layout';
import { listTableLayout } from '@/ui/table-list';

/** The cycle a manager sees first: the one in progress that started last, else the latest. */
export function defaultCycle(cycles: readonly CycleSummary[]): CycleSummary | undefined {
  return cycles.find((cycle) => cycle.status === 'in_progress') ?? cycles[0];
}

function Behind({ member, t }: { member: TeamMember; t: TFunction }) {
  if (!member.hasPlan) return <span className="list-muted">{t('plans.team.noPlan')}</span>;
  if (member.behindCount === 0) return <span className="list-muted">{t('plans.team.noneBehind')}</span>;
  const more = member.behindCount - member.behind.length;
  return (
    <ul className="plan-behind-list" data-testid="team-behind">
      {member.behind.map((target) => (
        <li key={target.doctorId}>
          <Link to={`/doctors/${encodeURIComponent(target.doctorId)}`}>
            {target.doctorName ?? t('plans.unknownDoctor')}
          </Link>{' '}
          <span className="list-muted tabular">{t('plans.percent', { value: target.attainment ?? 0 })}</span>
        </li>
      ))}
      {more > 0 && <li className="list-muted">{t('plans.team.more', { count: more })}</li>}
    </ul>
  );
}

function memberColumns(t: TFunction, team: TeamResult, isCompact: boolean): TableColumnsType<TeamMember> {
  const planLink = (member: TeamMember) => (
    <Link
      className="list-strong"
      to={`/plan/${encodeURIComponent(team.cycle.id)}/${encodeURIComponent(member.userId)}`}
      data-testid="team-member-link"
    >
      {member.name}
    </Link>
  );
  const attainment = (member: TeamMember) =>
    member.attainment === null ? '—' : t('plans.percent', { value: member.attainment });
  if (isCompact) {
    return [
      {
        key: 'member',
        render: (_value, member) => (
          <div className="compact-row">
            <div className="compact-row-line">
              <span className="compact-row-text">{planLink(member)}</span>
              <span className="compact-row-aside">
                <span className="tabular">{attainment(member)}</span> {member.hasPlan && <PaceTag pace={member.pace} />}
              </span>
            </div>
            <div className="compact-row-line">
              <span className="compact-row-text">
                {member.behindCount > 0 && (
                  <span className="list-muted">{t('plans.team.behindCount', { count: member.behindCount })}</span>
                )}
                <Behind member={member} t={t} />
              </span>
            </div>
          </div>
        ),
      },
    ];
  }
  return [
    { key: 'name', title: t('plans.team.columns.rep'), render: (_value, member) => planLink(member) },
    { key: 'targets', title: t('plans.team.columns.targets'), dataIndex: 'targets', align: 'right' },
    {
      key: 'attainment',
      title: t('plans.attainment'),
      align: 'right',
      render: (_value, member) => <span className="tabular">{attainment(member)}</span>,
    },
    {
      key: 'pace',
      title: t('plans.columns.pace'),
      render: (_value, member) => (member.hasPlan ? <PaceTag pace={member.pace} /> : null),
    },
    {
      key: 'behind',
      title: t('plans.team.columns.behind'),
      render: (_value, member) => <Behind member={member} t={t} />,
    },
  ];
}

function TeamTable({ team }: { team: TeamResult }) {
  const { t } = useTranslation();
  const isCompact = useIsPhone();
  return (
    <>
      <p className="list-muted" data-testid="team-expected">
        {t('plans.expected', { value: team.expectedAttainment })}
      </p>
      <Table<TeamMember>
        rowKey="userId"
        data-testid="team-table"
        columns={memberColumns(t, team, isCompact)}
        dataSource={team.members}
        {...listTableLayout<TeamMember>(isCompact)}
        locale={{ emptyText: t('plans.team.empty') }}
        pagination={false}
      />
    </>
  );
}

function CycleTeam({ cycleId }: { cycleId: string }) {
  const team = useQuery(cycleQueries.team(cycleId));
  return <PlanQueryState query={team}>{(data) => <TeamTable team={data} />}</PlanQueryState>;
}

type TeamPanelProps = { cycleId: string | null; onCycleChange: (cycleId: string) => void };

/** The manager's team in a cycle (issue 33): each managee's attainment and the targets falling behind. */
export function TeamPanel({ cycleId, onCycleChange }: TeamPanelProps) {
  const { t } = useTranslation();
  const cycles = useQuery(cycleQueries.list());
  return (
    <PlanQueryState query={cycles}>
      {({ cycles: list }) => {
        const chosen = list.find((cycle) => cycle.id === cycleId) ?? defaultCycle(list);
        if (chosen === undefined) {
          return (
            <Card className="page-card">
              <Empty description={t('plans.team.noCycle')} data-testid="team-no-cycle" />
            </Card>
          );
        }
        return (
          <Card
            className="page-card"
            title={t('plans.team.title')}
            extra={
              <Select
                value={chosen.id}
                aria-label={t('plans.team.cycle')}
                data-testid="team-cycle-select"
                className="plan-cycle-select"
                onChange={onCycleChange}
                options={list.map((cycle) => ({
                  value: cycle.id,
                  label: `${cycle.name} · ${t(`plans.status.${cycle.status}`)}`,
                }))}
              />
            }
          >
            <CycleTeam cycleId={chosen.id} />
          </Card>
        );
      }}
    </PlanQueryState>
  );
}
