import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { PendingApproval } from '@crm/shared';
import { App, Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApproveActivityMutation, useRejectActivityMutation } from '@/modules/activities/api';
import { ActivityTimeline } from '@/modules/activities/components/ActivityTimeline';
import { formatEuros } from '@/modules/activities/utils/activity-format';

export type PendingApprovalsProps = { approvals: readonly PendingApproval[] };

/** The need_approval filter (spec 001 §2): the managees' budget requests, each approved or rejected here. */
export function PendingApprovals({ approvals }: PendingApprovalsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
                  onClick={() => void handleApprove(approval)}
                  data-testid={`approve-${approval.id}`}
                >
                  {t('activities.approvals.approve')}
                </Button>
                <Button
                  danger
                  icon={<CloseOutlined />}
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
      <RejectDialog
        approval={rejecting}
        onClose={() => {
          setRejecting(null);
        }}
      />
    </>
  );
}

type RejectDialogProps = { approval: PendingApproval | null; onClose: () => void };

/** Spec 001 §4: rejecting asks for confirmation, with the notes the representative will read. */
function RejectDialog({ approval, onClose }: RejectDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reject = useRejectActivityMutation();
  const [notes, setNotes] = useState('');

  const handleReject = async () => {
    if (approval === null) return;
    try {
      await reject.mutateAsync({ id: approval.id, notes: notes.trim() === '' ? null : notes.trim() });
    } catch {
      // The dialog stays open with the notes, to try again.
      void message.error(t('activities.approvals.rejectFailed'));
      return;
    }
    void message.success(t('activities.approvals.rejected'));
    onClose();
  };

  return (
    <Modal
      open={approval !== null}
      title={t('activities.approvals.rejectTitle')}
      okText={t('activities.approvals.reject')}
      okButtonProps={{ danger: true, loading: reject.isPending }}
      cancelText={t('common.cancel')}
      onOk={() => void handleReject()}
      onCancel={onClose}
      afterClose={() => {
        setNotes('');
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('activities.approvals.rejectText')}</Typography.Paragraph>
      <label className="two-lines">
        <Typography.Text>{t('activities.approvals.notes')}</Typography.Text>
        <Input.TextArea
          autoFocus
          rows={4}
          maxLength={2000}
          value={notes}
          placeholder={t('activities.approvals.notesPlaceholder')}
          onChange={(event) => {
            setNotes(event.target.value);
          }}
          data-testid="reject-notes"
        />
      </label>
    </Modal>
  );
}
