import '@/modules/users/users.css';
import {
  ApartmentOutlined,
  ReloadOutlined,
  SearchOutlined,
  UnorderedListOutlined,
  UsergroupAddOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { USERS_PAGE_SIZE } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/app/session';
import { useListParams } from '@/lib/use-list-params';
import { AddUserDialog } from '@/modules/users/components/AddUserDialog';
import { AdminRequired } from '@/modules/users/components/AdminRequired';
import { BatchCreateDialog } from '@/modules/users/components/BatchCreateDialog';
import { OrgChart } from '@/modules/users/components/OrgChart';
import { UsersTable } from '@/modules/users/components/UsersTable';
import { userKeys } from '@/modules/users/query-keys';
import { PageHeader } from '@/ui/PageHeader';

const VIEW_PARAM = 'view';
const CHART_VIEW = 'chart';

/** /users (spec 001 §2): search, the list and the org chart, add user, batch create, refresh. */
export function UserListPage() {
  const { t } = useTranslation();
  const isAdmin = useSession().user?.isAdmin ?? false;
  const list = useListParams(USERS_PAGE_SIZE);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'add' | 'batch' | null>(null);
  const view = list.params.get(VIEW_PARAM) === CHART_VIEW ? CHART_VIEW : 'list';

  if (!isAdmin) {
    return (
      <div className="page">
        <PageHeader title={t('users.listTitle')} />
        <AdminRequired />
      </div>
    );
  }

  return (
    <div className="page">
      <PageHeader
        title={t('users.listTitle')}
        subtitle={t('users.subtitle')}
        actions={
          <>
            <Button
              icon={<ReloadOutlined />}
              data-testid="users-refresh"
              onClick={() => void queryClient.invalidateQueries({ queryKey: userKeys.all })}
            >
              {t('users.refresh')}
            </Button>
            <Button icon={<UsergroupAddOutlined />} data-testid="users-batch" onClick={() => setDialog('batch')}>
              {t('users.batchCreate')}
            </Button>
            <Button type="primary" icon={<UserAddOutlined />} data-testid="users-add" onClick={() => setDialog('add')}>
              {t('users.addUser')}
            </Button>
          </>
        }
      />
      <Card className="page-card">
        <Tabs
          activeKey={view}
          onChange={(key) => list.updateParams({ [VIEW_PARAM]: key === CHART_VIEW ? CHART_VIEW : '' })}
          items={[
            {
              key: 'list',
              label: (
                <span>
                  <UnorderedListOutlined /> {t('users.listView')}
                </span>
              ),
              children: (
                <>
                  <div className="list-toolbar">
                    <Input
                      allowClear
                      size="large"
                      className="list-search"
                      prefix={<SearchOutlined />}
                      placeholder={t('users.searchPlaceholder')}
                      aria-label={t('users.searchPlaceholder')}
                      data-testid="users-search"
                      value={list.searchText}
                      onChange={(event) => {
                        list.onSearchTextChange(event.target.value);
                      }}
                    />
                  </div>
                  <UsersTable
                    search={list.search}
                    page={list.page}
                    limit={USERS_PAGE_SIZE}
                    onPageChange={list.onPageChange}
                  />
                </>
              ),
            },
            {
              key: CHART_VIEW,
              label: (
                <span>
                  <ApartmentOutlined /> {t('users.chartView')}
                </span>
              ),
              children: <OrgChart />,
            },
          ]}
        />
      </Card>
      <AddUserDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
      <BatchCreateDialog open={dialog === 'batch'} onClose={() => setDialog(null)} />
    </div>
  );
}
