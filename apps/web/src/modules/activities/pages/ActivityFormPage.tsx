import { ACTIVITY_NOT_FOUND_REDIRECT_MS, IdParams } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Card, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useBackNavigation } from '@/lib/use-back-navigation';
import { activityQueries } from '@/modules/activities/api';
import { ActivityForm } from '@/modules/activities/components/ActivityForm';
import { parseNewActivityParams } from '@/modules/activities/new-activity-link';
import { activityValues, newActivityValues } from '@/modules/activities/utils/activity-form-values';
import { useNetworkStatus } from '@/offline/engine/network-monitor';
import { isNotAvailableOffline } from '@/offline/slice/slice-queries';
import { RecordLoadError } from '@/ui/RecordLoadError';
import '@/modules/activities/activities.css';

/** /activities/new and /activities/:id: without an id the page creates. */
export function ActivityFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const channels = useQuery(activityQueries.channels());
  const products = useQuery(activityQueries.myProducts());
  const { isEffectivelyOnline } = useNetworkStatus();
  // A malformed id names no activity: the server would only refuse it.
  const isWellFormed = id === undefined || IdParams.safeParse({ id }).success;
  const activity = useQuery({ ...activityQueries.detail(id ?? ''), enabled: id !== undefined && isWellFormed });
  // The prefill is read once: the form then belongs to the user.
  const [params] = useState(() => parseNewActivityParams(searchParams));

  // After a save or a delete, back where the user came from (the calendar, a doctor); opened directly, the list.
  const handleDone = useBackNavigation('/activities', { replace: true });

  if (!isWellFormed) return <ActivityNotFound reason="notFound" />;
  // Offline the device's store answers: an activity it does not hold can't be opened until the network is back.
  const notHeldOffline =
    isNotAvailableOffline(activity.failureReason) || (!isEffectivelyOnline && activity.failureCount > 0);
  if (id !== undefined && activity.data === undefined && notHeldOffline) {
    return <ActivityNotFound reason="offline" />;
  }
  if (id !== undefined && activity.isError) {
    if (isApiError(activity.error) && [400, 404].includes(activity.error.status)) {
      return <ActivityNotFound reason="notFound" />;
    }
    return (
      <RecordLoadError
        error={activity.error}
        notFoundTitle={t('activities.form.notFoundRedirect')}
        loadFailedTitle={t('activities.form.loadFailed')}
        backLabel={t('activities.form.backToList')}
        onBack={handleDone}
        onRetry={() => void activity.refetch()}
      />
    );
  }
  const helperError = channels.error ?? products.error;
  if (helperError !== null) {
    return (
      <RecordLoadError
        error={helperError}
        notFoundTitle={t('activities.form.loadFailed')}
        loadFailedTitle={t('activities.form.loadFailed')}
        backLabel={t('activities.form.backToList')}
        onBack={handleDone}
        onRetry={() => {
          void channels.refetch();
          void products.refetch();
        }}
      />
    );
  }
  if (channels.data === undefined || products.data === undefined || (id !== undefined && activity.data === undefined)) {
    return <ActivityFormSkeleton />;
  }

  return (
    <ActivityForm
      key={id ?? 'new'}
      activity={activity.data}
      channels={channels.data}
      products={products.data}
      initialValues={
        activity.data === undefined ? newActivityValues(params, channels.data) : activityValues(activity.data)
      }
      onDone={handleDone}
    />
  );
}

/**
 * Spec 001 §2: an unknown activity says so, then the calendar opens after 2 seconds; offline, it says the
 * activity is not available offline.
 */
function ActivityNotFound({ reason }: { reason: 'notFound' | 'offline' }) {
  const { t } = useTranslation();
  const text = reason === 'offline' ? t('activities.form.notAvailableOffline') : t('activities.form.notFoundRedirect');
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(
    function redirectToCalendar() {
      void message.error(text);
      const timer = setTimeout(() => {
        void navigate('/calendar', { replace: true });
      }, ACTIVITY_NOT_FOUND_REDIRECT_MS);
      return () => {
        clearTimeout(timer);
      };
    },
    [message, navigate, text],
  );
  return (
    <Card className="page-card">
      <Result status="404" title={text} data-testid="activity-not-found" />
    </Card>
  );
}

function ActivityFormSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="page" role="status" aria-label={t('app.loading')}>
      <Skeleton active paragraph={{ rows: 1 }} />
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    </div>
  );
}
