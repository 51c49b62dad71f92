import { PlusOutlined } from '@ant-design/icons';
import { ACTIVITY_PAGE_SIZE, DEFAULT_ACTIVITY_FILTER, type ActivityListStatus } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useIsManager } from '@/app/permissions';
import { serverMessage } from '@/lib/errors';
import { activityQueries } from '@/modules/activities/api';
import { ActivityFilterTabs } from '@/modules/activities/components/ActivityFilterTabs';
import { ActivityTimeline } from '@/modules/activities/components/ActivityTimeline';
import { PendingApprovals } from '@/modules/activities/components/PendingApprovals';
import { newActivityHref } from '@/modules/activities/new-activity-link';
import { activityListParamsFrom } from '@/modules/activities/utils/activity-list-params';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/activities/activities.css';

/** /activities (spec 001 §2): the filter and page live in the address (?filter=done&page=2), so back returns here. */
export function ActivityListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filter: asked, page } = activityListParamsFrom(searchParams);
  const stats = useQuery(activityQueries.stats());
  const isManager = useIsManager();
  // Until GET /api/auth/me has told, something waiting (or the filter asked for) says enough.
  const showsApprovals = isManager ?? (asked === 'need_approval' || (stats.data?.needApprovalCount ?? 0) > 0);
  const filter = asked === 'need_approval' && !showsApprovals ? DEFAULT_ACTIVITY_FILTER : asked;

  const handlePageChange = (next: number) => {
    setSearchParams(next === 1 ? { filter } : { filter, page: String(next) });
  };

  return (
    <div className="page">
      <PageHeader
        title={t('activities.listTitle')}
        subtitle={t('activities.listSubtitle')}
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(newActivityHref())}
            data-testid="new-activity-button"
          >
            {t('activities.newActivity')}
          </Button>
        }
      />
      <Card className="page-card">
        <ActivityFilterTabs
          filter={filter}
          stats={stats.data}
          showsApprovals={showsApprovals}
          onChange={(next) => {
            setSearchParams({ filter: next });
          }}
        />
        {filter === 'need_approval' ? (
          <PendingApprovalsPanel />
        ) : (
          <StatusTimeline key={filter} status={filter} page={page} onPageChange={handlePageChange} />
        )}
      </Card>
    </div>
  );
}

type StatusTimelineProps = { status: ActivityListStatus; page: number; onPageChange: (page: number) => void };

/** One status's activities, 50 a page (spec 001 §9). */
function StatusTimeline({ status, page, onPageChange }: StatusTimelineProps) {
  const { t } = useTranslation();
  const list = useQuery(activityQueries.list({ status, page }));

  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.activities.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(`activities.empty.${status}`)}
        data-testid="activities-empty"
      />
    );
  }
  return (
    <div data-testid="activity-timeline">
      <ActivityTimeline activities={list.data.activities} />
      {list.data.needsPagination && (
        <Pagination
          className="activity-pagination"
          current={list.data.currentPage}
          total={list.data.total}
          pageSize={ACTIVITY_PAGE_SIZE}
          showSizeChanger={false}
          showTotal={(total, [start, end]) => t('common.rangeOfTotal', { start, end, total })}
          onChange={onPageChange}
        />
      )}
    </div>
  );
}

function PendingApprovalsPanel() {
  const { t } = useTranslation();
  const approvals = useQuery(activityQueries.pendingApprovals());

  if (approvals.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (approvals.isError) return <LoadError error={approvals.error} onRetry={() => void approvals.refetch()} />;
  if (approvals.data.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('activities.empty.need_approval')}
        data-testid="activities-empty"
      />
    );
  }
  return (
    <div data-testid="pending-approvals">
      <PendingApprovals approvals={approvals.data} />
    </div>
  );
}

type LoadErrorProps = { error: unknown; onRetry: () => void };

function LoadError({ error, onRetry }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('activities.loadFailed', { message: serverMessage(error) })}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
