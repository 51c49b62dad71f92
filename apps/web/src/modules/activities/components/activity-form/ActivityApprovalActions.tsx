import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApproveActivityMutation } from '@/modules/activities/api';
import { RejectBudgetDialog } from '@/modules/activities/components/RejectBudgetDialog';
import { useNetworkStatus } from '@/offline/engine/network-monitor';

export type ActivityApprovalActionsProps = { activityId: string };

/**
 * The owner's manager's decision on a waiting budget, from the activity's page (spec 001 §4): approve at
 * once, or reject after confirmation with notes. The answer replaces the activity shown, so the page then
 * shows the new status.
 */
export function ActivityApprovalActions({ activityId }: ActivityApprovalActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const approve = useApproveActivityMutation();
  const [isRejecting, setRejecting] = useState(false);
  // Offline the request shows as last pulled: deciding waits for a connection (decision 0025).
  const { isEffectivelyOnline: isOnline } = useNetworkStatus();
  const offlineHint = isOnline ? undefined : t('activities.approvals.needsConnection');

  const handleApprove = async () => {
    try {
      await approve.mutateAsync(activityId);
    } catch {
      void message.error(t('activities.approvals.approveFailed'));
      return;
    }
    void message.success(t('activities.approvals.approved'));
  };

  return (
    <>
      <Button
        type="primary"
        icon={<CheckOutlined />}
        loading={approve.isPending}
        disabled={!isOnline}
        title={offlineHint}
        onClick={() => void handleApprove()}
        data-testid="approve-activity-button"
      >
        {t('activities.approvals.approve')}
      </Button>
      <Button
        danger
        icon={<CloseOutlined />}
        disabled={approve.isPending || !isOnline}
        title={offlineHint}
        onClick={() => {
          setRejecting(true);
        }}
        data-testid="reject-activity-button"
      >
        {t('activities.approvals.reject')}
      </Button>
      <RejectBudgetDialog
        activityId={isRejecting ? activityId : null}
        onClose={() => {
          setRejecting(false);
        }}
      />
    </>
  );
}
