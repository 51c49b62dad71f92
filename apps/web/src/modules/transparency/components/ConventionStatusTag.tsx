import type { ConventionStatus } from '@crm/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ConventionStatus, string> = {
  draft: 'default',
  filed: 'blue',
  authorised: 'green',
  refused: 'red',
};

export function ConventionStatusTag({ status }: { status: ConventionStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="convention-status-tag">
      {t(`transparency.statuses.${status}`)}
    </Tag>
  );
}
