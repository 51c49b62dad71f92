import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionColor, actionLabel } from '@/modules/logs/utils/audit-kinds';

export type ActionTagProps = { action: string };

/** An entry's action as a tag, coloured by what it does (additions green, removals red…). */
export function ActionTag({ action }: ActionTagProps) {
  const { t } = useTranslation();
  return (
    <Tag color={actionColor(action)} className="log-action-tag" data-action={action}>
      {actionLabel(t, action)}
    </Tag>
  );
}
