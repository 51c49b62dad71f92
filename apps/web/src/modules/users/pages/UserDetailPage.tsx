import '@/modules/users/users.css';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '@/app/session';
import { serverMessageOr } from '@/lib/errors';
import { useBackNavigation } from '@/lib/use-back-navigation';
import { useDeleteUserMutation, useInvitationMutation, userQueries } from '@/modules/users/api';
import { HierarchyCard } from '@/modules/users/components/HierarchyCard';
import { PermissionsCard } from '@/modules/users/components/PermissionsCard';
import { PersonalInfoCard } from '@/modules/users/components/PersonalInfoCard';
import { ProductAccessCard } from '@/modules/users/components/ProductAccessCard';
import { UserHeader } from '@/modules/users/components/UserHeader';
import { userName } from '@/modules/users/utils/user-name';
import { RecordLoadError } from '@/ui/RecordLoadError';

/** /users/{id} (spec 001 §2): the header and the four cards; access-denied and not-found panels with Back. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useSession();
  const isAdmin = session.user?.isAdmin ?? false;
  const goBack = useBackNavigation('/users');

  if (!isAdmin) {
    return (
      <div className="page">
        <Card className="page-card">
          <Result
            status="403"
            title={t('users.accessDenied')}
            subTitle={t('users.adminRequiredDetail')}
            extra={
              <Button type="primary" onClick={goBack}>
                {t('common.back')}
              </Button>
            }
          />
        </Card>
      </div>
    );
  }
  return <UserDetail id={id} isSelf={session.user?.id === id} onBack={goBack} />;
}

function UserDetail({ id, isSelf, onBack }: { id: string; isSelf: boolean; onBack: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const query = useQuery(userQueries.detail(id));
  const remove = useDeleteUserMutation(id);
  const sendLink = useInvitationMutation(id);

  if (query.isPending) {
    return (
      <div className="page">
        <Card className="page-card">
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </Card>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="page">
        <RecordLoadError
          error={query.error}
          notFoundTitle={t('users.notFound')}
          loadFailedTitle={t('users.detailLoadFailed')}
          backLabel={t('common.back')}
          onBack={onBack}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  const user = query.data;

  const handleDelete = async () => {
    try {
      await remove.mutateAsync();
      void message.success(t('users.deleted', { name: userName(user) }));
      void navigate('/users', { replace: true });
    } catch (error) {
      void message.error(serverMessageOr(error, t('users.deleteFailed')));
    }
  };

  const handleSendLink = async () => {
    try {
      const result = await sendLink.mutateAsync();
      if (result.delivery === 'log') void message.warning(result.message, 8);
      else void message.success(result.message);
    } catch (error) {
      void message.error(serverMessageOr(error, t('users.linkFailed')));
    }
  };

  return (
    <div className="page user-detail" data-testid="user-detail">
      <Card className="page-card">
        <UserHeader
          user={user}
          isSelf={isSelf}
          isDeleting={remove.isPending}
          isSendingLink={sendLink.isPending}
          onDelete={() => void handleDelete()}
          onSendLink={() => void handleSendLink()}
        />
      </Card>
      <div className="user-cards">
        <PersonalInfoCard key={`info-${user.email}-${user.displayName ?? ''}`} user={user} />
        <PermissionsCard user={user} />
        <ProductAccessCard user={user} />
        <HierarchyCard user={user} />
      </div>
    </div>
  );
}
