import type { YearLimitStatus } from '@crm/shared';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@/modules/transparency/utils/amounts';

export type YearLimitsProps = { limits: readonly YearLimitStatus[] };

/**
 * What may still be given without a convention this calendar year, per negligible value: "1 of 2 left" for a
 * count, "€120 of €150 left" for an amount, with the per-item ceiling that holds whatever is left.
 */
export function YearLimits({ limits }: YearLimitsProps) {
  const { t } = useTranslation();
  const amount = (limit: YearLimitStatus, value: number) =>
    limit.unit === 'cents' ? formatCents(value) : String(value);
  return (
    <ul className="year-limits" data-testid="year-limits">
      {limits.map((limit) => {
        const reached = limit.left === 0;
        return (
          <li key={limit.rule} className="year-limit" data-testid={`year-limit-${limit.rule}`} data-left={limit.left}>
            <div className="year-limit-head">
              <span className="list-strong">{t(`transparency.limits.${limit.rule}`)}</span>
              <span className={reached ? 'year-limit-reached' : undefined} data-testid="year-limit-left">
                {reached
                  ? t('transparency.limits.reached')
                  : t('transparency.limits.left', {
                      left: amount(limit, limit.left),
                      limit: amount(limit, limit.limit),
                    })}
              </span>
            </div>
            <Progress
              percent={limit.limit === 0 ? 100 : Math.round((limit.used / limit.limit) * 100)}
              showInfo={false}
              status={reached ? 'exception' : 'normal'}
              size="small"
              aria-label={t(`transparency.limits.${limit.rule}`)}
            />
            <span className="list-muted">
              {limit.perItemCents === null
                ? t('transparency.limits.perYear', { limit: amount(limit, limit.limit) })
                : t('transparency.limits.perItem', { perItem: formatCents(limit.perItemCents) })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
