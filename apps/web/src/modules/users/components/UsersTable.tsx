import { useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import type { UserSummary } from '@crm/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { userQueries } from '@/modules/users/api';
import { AccessTag, AdminTag, InvitationTag } from '@/modules/users/components/UserTags';
import { clickableRows } from '@/ui/table-list';

export type UsersTableProps = {
  search: string;
  page: number;
  limit: number;
  onPageChange: (page: number, limit: number) => void;
};

/** The users list (spec 001 §2): the spec's columns, pages without a size changer, a row opens the user. */
export function UsersTable({ search, page, limit, onPageChange }: UsersTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isFetching, isError } = useQuery(userQueries.list({ search, page, limit }));
  const dash = <span className="muted">—</span>;
  const columns: TableColumnsType<UserSummary> = [
    { key: 'firstName', title: t('users.firstName'), render: (_, user) => user.firstName ?? dash },
    { key: 'lastName', title: t('users.lastName'), render: (_, user) => user.lastName ?? dash },
    {
      key: 'email',
      title: t('users.email'),
      render: (_, user) => (
        <span className="users-email">
          {user.email} <InvitationTag invitationPending={user.invitationPending} />
        </span>
      ),
    },
    { key: 'admin', title: t('users.adminColumn'), render: (_, user) => <AdminTag isAdmin={user.isAdmin} /> },
    { key: 'access', title: t('users.accessColumn'), render: (_, user) => <AccessTag readWrite={user.readWrite} /> },
    {
      key: 'lastLogin',
      title: t('users.lastLogin'),
      render: (_, user) =>
        user.lastLogin === null ? <span className="muted">{t('users.never')}</span> : formatDateTime(user.lastLogin),
    },
  ];
  return (
    <Table<UserSummary>
      rowKey="id"
      data-testid="users-table"
      columns={columns}
      dataSource={data?.users ?? []}
      loading={isFetching}
      scroll={{ x: 760 }}
      locale={{ emptyText: isError ? t('users.loadFailed') : t('users.empty') }}
      // A row opens its user by click, and by Enter for the keyboard.
      {...clickableRows<UserSummary>((user) => void navigate(`/users/${user.id}`))}
      pagination={{
        current: page,
        pageSize: limit,
        total: data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total, [start, end]) => t('common.rangeOfTotal', { start, end, total }),
        onChange: onPageChange,
      }}
    />
  );
}
