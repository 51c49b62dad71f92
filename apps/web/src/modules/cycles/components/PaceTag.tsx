import type { CyclePace } from '@crm/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PACE_TAGS } from '@/modules/cycles/utils/plan-display';

/** On track, ahead or behind, in the colour the pace is shown in. */
export function PaceTag({ pace }: { pace: CyclePace }) {
  const { t } = useTranslation();
  return (
    <Tag color={PACE_TAGS[pace]} variant="filled" data-testid="pace-tag" data-pace={pace}>
      {t(`plans.pace.${pace}`)}
    </Tag>
  );
}
