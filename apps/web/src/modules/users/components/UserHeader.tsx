import { DeleteOutlined, MailOutlined } from '@ant-design/icons';
import type { UserDetail } from '@crm/shared';
import { Avatar, Button, Descriptions, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { AdminTag, InvitationTag } from '@/modules/users/components/UserTags';
import { initialsOf, userName } from '@/modules/users/utils/user-name';

export type UserHeaderProps = {
  user: UserDetail;
  isSelf: boolean;
  isDeleting: boolean;
  isSendingLink: boolean;
  onDelete: () => void;
  onSendLink: () => void;
};

/** Spec 001 §2: avatar, name, admin or standard, full access or read only, last login, id, account type. */
export function UserHeader({ user, isSelf, isDeleting, isSendingLink, onDelete, onSendLink }: UserHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="user-header" data-testid="user-header">
      <Avatar size={64} className="user-avatar">
        {initialsOf(user)}
      </Avatar>
      <div className="user-header-main">
        <Space wrap size={[8, 4]}>
          <Typography.Title level={1} className="page-title">
            {userName(user)}
          </Typography.Title>
          {user.isAdmin ? <AdminTag isAdmin /> : <Tag>{t('users.standard')}</Tag>}
          {user.readWrite ? <Tag color="green">{t('users.fullAccess')}</Tag> : <Tag>{t('users.readOnlyAccess')}</Tag>}
          <InvitationTag invitationPending={user.invitationPending} />
        </Space>
        {/* Labels above their values: beside them, in the room the header's buttons leave, values broke letter
            by letter ("Mot/de/pas/se"). */}
        <Descriptions
          size="small"
          layout="vertical"
          column={{ xs: 1, sm: 2, xxl: 4 }}
          className="user-facts"
          items={[
            { key: 'email', label: t('users.email'), children: user.email },
            {
              key: 'lastLogin',
              label: t('users.lastLogin'),
              children: user.lastLogin === null ? t('users.never') : formatDateTime(user.lastLogin),
            },
            {
              key: 'accountType',
              label: t('users.accountType'),
              children: t(`users.accountTypes.${user.accountType}`),
            },
            {
              key: 'id',
              label: t('users.userId'),
              children: (
                <Typography.Text copyable className="user-id">
                  {user.id}
                </Typography.Text>
              ),
            },
          ]}
        />
      </div>
      <Space wrap className="user-header-actions">
        <Button icon={<MailOutlined />} loading={isSendingLink} onClick={onSendLink} data-testid="user-send-link">
          {user.invitationPending ? t('users.resendInvitation') : t('users.sendPasswordLink')}
        </Button>
        {!isSelf && (
          <Popconfirm
            title={t('users.deleteConfirmTitle')}
            description={t('users.deleteConfirm', { name: userName(user) })}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
          >
            <Button danger icon={<DeleteOutlined />} loading={isDeleting} data-testid="user-delete">
              {t('users.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </div>
  );
}
