import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { PendingApproval } from '@crm/shared';
import { Alert, App, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApproveActivityMutation } from '@/modules/activities/api';
import { ActivityTimeline } from '@/modules/activities/components/ActivityTimeline';
import { RejectBudgetDialog } from '@/modules/activities/components/RejectBudgetDialog';
import { formatEuros } from '@/modules/activities/utils/activity-format';
import { useNetworkStatus } from '@/offline/engine/network-monitor';

export type PendingApprovalsProps = { approvals: readonly PendingApproval[] };

/**
 * The need_approval filter (spec 001 §2): the managees' budget requests, each approved or rejected here.
 * Offline they show as the last pull stored them, and wait for a connection to be decided (decision 0025).
 */
export function PendingApprovals({ approvals }: PendingApprovalsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { isEffectivelyOnline: isOnline } = useNetworkStatus();
  const approve = useApproveActivityMutation();
  const [rejecting, setRejecting] = useState<PendingApproval | null>(null);

  const handleApprove = async (approval: PendingApproval) => {
    try {
      await approve.mutateAsync(approval.id);
    } catch {
      void message.error(t('activities.approvals.approveFailed'));
      return;
    }
    void message.success(t('activities.approvals.approved'));
  };

  const ownerName = (approval: PendingApproval) =>
    [approval.firstName, approval.lastName].filter((part) => part !== null && part !== '').join(' ');

  return (
    <>
      {!isOnline && (
        <Alert
          type="info"
          showIcon
          className="approvals-offline"
          title={t('activities.approvals.offlineTitle')}
          description={t('activities.approvals.offlineText')}
          data-testid="approvals-offline"
        />
      )}
      <ActivityTimeline
        activities={approvals}
        renderExtra={(approval) => {
          const name = ownerName(approval);
          return (
            <div className="approval-item" data-testid={`approval-${approval.id}`}>
              <div className="approval-item-facts">
                <span>
                  <Typography.Text type="secondary">{t('activities.approvals.requestedBy')} </Typography.Text>
                  <Typography.Text strong>{name === '' ? approval.email : name}</Typography.Text>
                  {name !== '' && <Typography.Text type="secondary"> ({approval.email})</Typography.Text>}
                </span>
                <span>
                  <Typography.Text type="secondary">{t('activities.approvals.budget')} </Typography.Text>
                  <Typography.Text strong data-testid="approval-budget">
                    {approval.budgetEstimate === null
                      ? t('activities.approvals.noBudget')
                      : formatEuros(approval.budgetEstimate)}
                  </Typography.Text>
                </span>
              </div>
              <div className="approval-item-actions">
                <Button
                  type="primary"
                  icon={<CheckOutlined />}
                  loading={approve.isPending && approve.variables === approval.id}
                  disabled={!isOnline}
                  onClick={() => void handleApprove(approval)}
                  data-testid={`approve-${approval.id}`}
                >
                  {t('activities.approvals.approve')}
                </Button>
                <Button
                  danger
                  icon={<CloseOutlined />}
                  disabled={!isOnline}
                  onClick={() => {
                    setRejecting(approval);
                  }}
                  data-testid={`reject-${approval.id}`}
                >
                  {t('activities.approvals.reject')}
                </Button>
              </div>
            </div>
          );
        }}
      />
      <RejectBudgetDialog
        activityId={rejecting?.id ?? null}
        onClose={() => {
          setRejecting(null);
        }}
      />
    </>
  );
}
