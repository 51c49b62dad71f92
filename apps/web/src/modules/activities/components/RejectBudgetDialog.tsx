import { REJECTION_NOTES_MAX_LENGTH } from '@crm/shared';
import { App, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRejectActivityMutation } from '@/modules/activities/api';

export type RejectBudgetDialogProps = {
  /** The activity whose budget is rejected; the dialog is closed without one. */
  activityId: string | null;
  onClose: () => void;
};

/**
 * Spec 001 §4: rejecting a budget asks for confirmation, with notes the representative will read after the
 * spec's reason, 'Budget approval rejected by manager'. The approvals list and the activity's page both use it.
 */
export function RejectBudgetDialog({ activityId, onClose }: RejectBudgetDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reject = useRejectActivityMutation();
  const [notes, setNotes] = useState('');

  const handleReject = async () => {
    if (activityId === null) return;
    const trimmed = notes.trim();
    try {
      await reject.mutateAsync({ id: activityId, notes: trimmed === '' ? null : trimmed });
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
      open={activityId !== null}
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
          maxLength={REJECTION_NOTES_MAX_LENGTH}
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
