import type { Cycle, TargetCounts } from '@crm/shared';
import { Tag, type TableColumnType, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTargetCounts } from '@/modules/cycles/light-queries';
import { namedChannels, PACE_TAGS } from '@/modules/cycles/utils/plan-display';

/** "Face to face 2/4 · Call 1/2": a target's done and goal per channel this cycle. */
export function countsText(t: TFunction, cycle: Cycle, target: TargetCounts): string {
  return namedChannels(cycle.channels, target.channels)
    .map((counts) => t('plans.channelOfGoal', { channel: counts.name, actual: counts.actual, goal: counts.goal }))
    .join(' · ');
}

/**
 * Adds "this cycle" to a doctors table (issue 33: "2 of 4 visits this cycle"): one request for the page's
 * doctors; a column on wide screens, a line under the doctor on phones. Nothing for a user without a plan.
 */
export function useWithPlanCounts<Row extends { id: string }>(
  columns: TableColumnsType<Row>,
  rows: readonly Row[] | undefined,
  isCompact: boolean,
): TableColumnsType<Row> {
  const { t } = useTranslation();
  const ids = useMemo(() => (rows ?? []).map((row) => row.id), [rows]);
  const { data } = useTargetCounts(ids);
  return useMemo(() => {
    const cycle = data?.cycle;
    if (cycle === null || cycle === undefined) return columns;
    const texts = new Map(data?.targets.map((target) => [target.doctorId, countsText(t, cycle, target)]));
    const label = t('plans.doctorCountsLabel');
    if (isCompact) {
      return columns.map((column, index) => {
        const render = (column as TableColumnType<Row>).render;
        if (index > 0 || render === undefined) return column;
        return {
          ...column,
          render: (value: unknown, row: Row, rowIndex: number) => {
            const text = texts.get(row.id);
            return (
              <>
                {render(value, row, rowIndex) as ReactNode}
                {text !== undefined && (
                  <div className="compact-row-line list-muted" data-testid="doctor-plan-counts">
                    {t('plans.doctorCounts', { counts: text })}
                  </div>
                )}
              </>
            );
          },
        };
      });
    }
    const planColumn: TableColumnType<Row> = {
      key: 'plan',
      title: label,
      render: (_value, row) => {
        const text = texts.get(row.id);
        return text === undefined ? (
          <span className="list-muted">—</span>
        ) : (
          <span className="tabular" data-testid="doctor-plan-counts">
            {text}
          </span>
        );
      },
    };
    return [...columns, planColumn];
  }, [columns, data, isCompact, t]);
}

/** The doctor's page: this cycle's counts when the doctor is a target of the user's plan, coloured by its pace. */
export function DoctorPlanTag({ doctorId }: { doctorId: string }) {
  const { t } = useTranslation();
  const ids = useMemo(() => [doctorId], [doctorId]);
  const { data } = useTargetCounts(ids);
  const target = data?.targets.find((counts) => counts.doctorId === doctorId);
  if (data?.cycle === null || data?.cycle === undefined || target === undefined) return null;
  return (
    <Tag color={PACE_TAGS[target.pace]} data-testid="doctor-plan-counts">
      {t('plans.doctorCounts', { counts: countsText(t, data.cycle, target) })}
    </Tag>
  );
}
