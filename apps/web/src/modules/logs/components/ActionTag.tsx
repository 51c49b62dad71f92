import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionColor } from '@/modules/logs/utils/log-entries';
import { kindLabel } from '@/modules/logs/utils/log-labels';

export type ActionTagProps = { action: string };

/** An entry's action as a tag, coloured by what it does (creations green, deletions red…). */
export function ActionTag({ action }: ActionTagProps) {
  const { i18n } = useTranslation();
  return (
    <Tag color={actionColor(action)} className="log-action-tag" data-action={action}>
      {kindLabel(i18n, 'actions', action)}
    </Tag>
  );
}
