import { useTranslation } from 'react-i18next';
import { fieldLabel } from '@/modules/logs/utils/change-fields';
import { valueText } from '@/modules/logs/utils/change-values';

export type ChangeFieldNameProps = { entityType: string; field: string };

/** A changed field as its form names it; a field no form names shows as stored, set as code. */
export function ChangeFieldName({ entityType, field }: ChangeFieldNameProps) {
  const { t } = useTranslation();
  const label = fieldLabel(t, entityType, field);
  return label === field ? <code>{field}</code> : <>{label}</>;
}

export type ChangeValueProps = { entityType: string; field: string; value: unknown };

/**
 * A recorded value as people read it: enumerated values and yes or no in their language, dates in their
 * format, lists joined, and any other shape as JSON.
 */
export function ChangeValue({ entityType, field, value }: ChangeValueProps) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '')
    return <span className="list-muted">{t('logs.changes.empty')}</span>;
  if (typeof value === 'number') return <span className="tabular">{value}</span>;
  if (typeof value === 'string' || typeof value === 'boolean') return <>{valueText(t, entityType, field, value)}</>;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return <>{value.map((item: string | number) => valueText(t, entityType, field, item)).join(', ')}</>;
  return <code className="change-json">{JSON.stringify(value)}</code>;
}
