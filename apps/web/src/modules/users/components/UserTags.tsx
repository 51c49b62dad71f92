import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export type UserTagsProps = { isAdmin: boolean; readWrite: boolean; invitationPending?: boolean; compact?: boolean };

/** The admin tag, and whether healthcare-professional and office data is writable or read only (spec 001 §2). */
export function AdminTag({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  return isAdmin ? <Tag color="gold">{t('users.admin')}</Tag> : null;
}

export function AccessTag({ readWrite }: { readWrite: boolean }) {
  const { t } = useTranslation();
  return readWrite ? <Tag color="green">{t('users.write')}</Tag> : <Tag>{t('users.readOnly')}</Tag>;
}

export function InvitationTag({ invitationPending }: { invitationPending: boolean }) {
  const { t } = useTranslation();
  return invitationPending ? <Tag color="blue">{t('users.invitationPending')}</Tag> : null;
}
