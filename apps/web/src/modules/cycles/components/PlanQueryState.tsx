import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';

type QueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * A plan's or a team's answer (or the cycles'): skeleton while it loads, the server's message and a retry when
 * it failed, said by `failure` when it is not a plan that failed to load.
 */
export function PlanQueryState<T>({
  query,
  children,
  failure,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
  failure?: (message: string) => string;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="plan-error"
        title={(failure ?? ((message) => t('plans.loadFailed', { message })))(serverMessage(query.error))}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (query.isPending || query.data === undefined) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <>{children(query.data)}</>;
}
