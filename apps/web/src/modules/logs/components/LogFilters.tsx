import { ClearOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Select } from 'antd';
import { dayjs, type Dayjs } from '@/lib/dayjs';
import { useTranslation } from 'react-i18next';
import { logQueries } from '@/modules/logs/api';
import { actionLabel, entityTypeLabel } from '@/modules/logs/utils/audit-kinds';

/** The filters as the address keeps them: days as YYYY-MM-DD in the user's calendar. */
export type LogFilterValues = {
  action: string | null;
  entityType: string | null;
  userId: string | null;
  from: string | null;
  to: string | null;
};

export type LogFiltersProps = {
  values: LogFilterValues;
  /** Administrators filter by user; anyone else reads only their own entries. */
  canFilterByUser: boolean;
  onChange: (changes: Partial<LogFilterValues>) => void;
};

const DAY = 'YYYY-MM-DD';

/** Action, kind of record, user and period: the choices come from the entries the caller may read. */
export function LogFilters({ values, canFilterByUser, onChange }: LogFiltersProps) {
  const { t, i18n } = useTranslation();
  const options = useQuery(logQueries.filters());
  const choices = (label: (word: string) => string, list: readonly string[] | undefined, current: string | null) =>
    [...new Set([...(list ?? []), ...(current === null ? [] : [current])])]
      .map((value) => ({ value, label: label(value) }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const period: [Dayjs, Dayjs] | null =
    values.from !== null && values.to !== null ? [dayjs(values.from, DAY), dayjs(values.to, DAY)] : null;
  const isFiltered = Object.values(values).some((value) => value !== null);

  return (
    <div className="list-toolbar log-filters">
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        className="toolbar-select"
        placeholder={t('logs.filters.action')}
        aria-label={t('logs.filters.action')}
        data-testid="log-action-filter"
        loading={options.isPending}
        value={values.action ?? undefined}
        options={choices((word) => actionLabel(t, word), options.data?.actions, values.action)}
        onChange={(action: string | undefined) => onChange({ action: action ?? null })}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        className="toolbar-select"
        placeholder={t('logs.filters.entityType')}
        aria-label={t('logs.filters.entityType')}
        data-testid="log-entity-filter"
        loading={options.isPending}
        value={values.entityType ?? undefined}
        options={choices((word) => entityTypeLabel(t, word), options.data?.entityTypes, values.entityType)}
        onChange={(entityType: string | undefined) => onChange({ entityType: entityType ?? null })}
      />
      {canFilterByUser && (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className="toolbar-select log-user-filter"
          placeholder={t('logs.filters.user')}
          aria-label={t('logs.filters.user')}
          data-testid="log-user-filter"
          loading={options.isPending}
          value={values.userId ?? undefined}
          options={(options.data?.users ?? []).map((user) => ({ value: user.id, label: user.email }))}
          onChange={(userId: string | undefined) => onChange({ userId: userId ?? null })}
        />
      )}
      <DatePicker.RangePicker
        className="log-period-filter"
        format="L"
        allowEmpty={[false, false]}
        placeholder={[t('logs.filters.startDate'), t('logs.filters.endDate')]}
        aria-label={t('logs.filters.period')}
        data-testid="log-period-filter"
        value={period}
        onChange={(range) => {
          const [from, to] = range ?? [null, null];
          onChange({ from: from?.format(DAY) ?? null, to: to?.format(DAY) ?? null });
        }}
      />
      {isFiltered && (
        <Button
          icon={<ClearOutlined />}
          onClick={() => onChange({ action: null, entityType: null, userId: null, from: null, to: null })}
        >
          {t('logs.filters.reset')}
        </Button>
      )}
    </div>
  );
}
