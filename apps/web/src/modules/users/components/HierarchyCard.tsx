import { UserDeleteOutlined } from '@ant-design/icons';
import type { UserDetail } from '@crm/shared';
import { App, Avatar, Button, Card, Empty, List, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverMessageOr } from '@/lib/errors';
import { useManageesMutation, useUpdateUserMutation } from '@/modules/users/api';
import { CandidateSelect } from '@/modules/users/components/CandidateSelect';
import { initialsOf, userName } from '@/modules/users/utils/user-name';

/**
 * Spec 001 §2 and §4: the user's manager and managees. The pickers offer only what the server allows (no
 * loop, managees without another manager); removing a managee leaves them without a manager.
 */
export function HierarchyCard({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const update = useUpdateUserMutation(user.id);
  const managees = useManageesMutation(user.id);
  const manageeIds = user.managees.map((managee) => managee.id);

  const handleManager = async (managerId: string | null) => {
    try {
      await update.mutateAsync({ managerId });
      void message.success(managerId === null ? t('users.managerCleared') : t('users.managerSaved'));
    } catch (error) {
      void message.error(serverMessageOr(error, t('users.managerFailed')));
    }
  };

  const handleManagees = async (ids: string[], kind: 'add' | 'remove') => {
    try {
      await managees.mutateAsync(ids);
      void message.success(kind === 'add' ? t('users.manageeAdded') : t('users.manageeRemoved'));
    } catch (error) {
      void message.error(
        serverMessageOr(error, kind === 'add' ? t('users.manageesFailed') : t('users.removeManageeFailed')),
      );
    }
  };

  return (
    <Card title={t('users.hierarchy')} className="page-card" data-testid="user-hierarchy-card">
      <Typography.Title level={3} className="card-section-title">
        {t('users.manager')}
      </Typography.Title>
      <CandidateSelect
        userId={user.id}
        kind="manager"
        value={user.manager}
        placeholder={t('users.noManager')}
        allowClear
        disabled={update.isPending}
        testId="manager-select"
        onChange={(managerId) => void handleManager(managerId)}
      />
      <Typography.Title level={3} className="card-section-title">
        {t('users.managees')} ({user.managees.length})
      </Typography.Title>
      <CandidateSelect
        userId={user.id}
        kind="managee"
        value={null}
        exclude={manageeIds}
        placeholder={t('users.addManagee')}
        disabled={managees.isPending}
        testId="managee-add-select"
        onChange={(added) => {
          if (added !== null) void handleManagees([...manageeIds, added], 'add');
        }}
      />
      {user.managees.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users.noManagees')} />
      ) : (
        <List
          data-testid="managee-list"
          dataSource={user.managees}
          renderItem={(managee) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="remove"
                  title={t('users.removeManageeConfirm', { name: userName(managee) })}
                  okText={t('users.remove')}
                  cancelText={t('common.cancel')}
                  onConfirm={() =>
                    void handleManagees(
                      manageeIds.filter((id) => id !== managee.id),
                      'remove',
                    )
                  }
                >
                  <Button type="text" danger icon={<UserDeleteOutlined />} aria-label={t('users.remove')}>
                    <span className="hide-on-phone">{t('users.remove')}</span>
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                avatar={<Avatar size="small">{initialsOf(managee)}</Avatar>}
                title={
                  <Typography.Link onClick={() => void navigate(`/users/${managee.id}`)}>
                    {userName(managee)}
                  </Typography.Link>
                }
                description={managee.email}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
