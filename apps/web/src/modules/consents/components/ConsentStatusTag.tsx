import { givesAnyChoice, type ConsentRecord } from '@crm/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * given: at least one choice in force (a withdrawal of some choices leaves the others given); refused: signed
 * with none; withdrawn: a withdrawal that left none.
 */
export type ConsentStatus = 'given' | 'refused' | 'withdrawn';

type StatusSource = Pick<ConsentRecord, 'kind' | 'professionalConsent' | 'congressConsent' | 'generalConsent'>;

export function consentStatus(record: StatusSource): ConsentStatus {
  if (givesAnyChoice(record)) return 'given';
  return record.kind === 'withdrawal' ? 'withdrawn' : 'refused';
}

const STATUS_COLORS: Record<ConsentStatus, string> = { given: 'green', refused: 'default', withdrawn: 'red' };

export type ConsentStatusTagProps = { record: StatusSource };

export function ConsentStatusTag({ record }: ConsentStatusTagProps) {
  const { t } = useTranslation();
  const status = consentStatus(record);
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="consent-status" data-status={status}>
      {t(`consents.tab.status.${status}`)}
    </Tag>
  );
}
