import { CheckCircleOutlined, DeleteOutlined } from '@ant-design/icons';
import { showMarkDone, type Activity } from '@crm/shared';
import { App, Button } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useDeleteActivityMutation, useMarkActivityDoneMutation } from '@/modules/activities/api';
import { ActivityStatusTag, ApprovalTag } from '@/modules/activities/components/ActivityTags';
import { ActivityApprovalActions } from '@/modules/activities/components/activity-form/ActivityApprovalActions';
import type { ActivityViewer } from '@/modules/activities/hooks/useActivityViewer';
import { activityDisplayTitle } from '@/modules/activities/utils/activity-format';
import { PageHeader } from '@/ui/PageHeader';

// What was spent, asked once an activity with a budget is done (issue 31): its own chunk, loaded then.
const SpendPromptModal = lazy(() =>
  import('@/modules/transparency/components/SpendPromptModal').then((module) => ({
    default: module.SpendPromptModal,
  })),
);

/** Whether a done activity asks what was spent: it had a budget, and doctors to spend it on. */
function asksForSpend(activity: Activity): boolean {
  return (activity.budgetEstimate ?? 0) > 0 && (activity.doctorId !== null || activity.attendees.length > 0);
}

export type ActivityFormHeaderProps = {
  /** The activity edited; a new one otherwise. */
  activity: Activity | undefined;
  /** What the signed-in user may do with it. */
  viewer: ActivityViewer;
  /** Back, and after a delete. */
  onDone: () => void;
};

/**
 * The form's title row: the activity's status tags; for its owner, mark as done and delete, each confirmed
 * first (spec 001 §4); for the owner's manager, the decision on a waiting budget.
 */
export function ActivityFormHeader({ activity, viewer, onDone }: ActivityFormHeaderProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const markDone = useMarkActivityDoneMutation();
  const remove = useDeleteActivityMutation();
  const [spentOn, setSpentOn] = useState<Activity | null>(null);

  const handleMarkDone = (target: Activity) => {
    modal.confirm({
      title: t('activities.form.markDoneTitle'),
      content: t('activities.form.markDoneText'),
      okText: t('activities.form.markDone'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        let queued: boolean;
        try {
          ({ queued } = await markDone.mutateAsync(target));
        } catch (error) {
          void message.error(t('activities.form.markDoneFailed', { message: serverMessage(error) }));
          return;
        }
        void message.success(queued ? t('offline.savedOffline') : t('activities.form.markedDone'));
        if (asksForSpend(target)) setSpentOn(target);
      },
    });
  };

  const handleDelete = (target: Activity) => {
    modal.confirm({
      title: t('activities.form.deleteTitle'),
      content: t('activities.form.deleteText'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        let queued: boolean;
        try {
          ({ queued } = await remove.mutateAsync(target));
        } catch (error) {
          void message.error(t('activities.form.deleteFailed', { message: serverMessage(error) }));
          return;
        }
        void message.success(queued ? t('offline.savedOffline') : t('activities.form.deleted'));
        onDone();
      },
    });
  };

  const isEditable = activity !== undefined && viewer.isOwner && !activity.done;
  let actions: ReactNode;
  if (activity !== undefined && viewer.canDecideBudget) {
    actions = <ActivityApprovalActions activityId={activity.id} />;
  } else if (isEditable) {
    actions = (
      <>
        {showMarkDone(activity, activity.channel) && (
          <Button
            icon={<CheckCircleOutlined />}
            onClick={() => {
              handleMarkDone(activity);
            }}
            loading={markDone.isPending}
            data-testid="mark-done-button"
          >
            {t('activities.form.markDone')}
          </Button>
        )}
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={() => {
            handleDelete(activity);
          }}
          loading={remove.isPending}
          data-testid="delete-activity-button"
        >
          {t('common.delete')}
        </Button>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={activity === undefined ? t('activities.newTitle') : activityDisplayTitle(activity)}
        subtitle={activity === undefined ? t('activities.form.newSubtitle') : t('activities.detailTitle')}
        onBack={onDone}
        tags={
          activity !== undefined && (
            <span className="header-tags">
              <ActivityStatusTag status={activity.status} />
              <ApprovalTag approvalStatus={activity.approvalStatus} notes={activity.approvalNotes} />
            </span>
          )
        }
        actions={actions}
      />
      {spentOn !== null && (
        <Suspense fallback={null}>
          <SpendPromptModal
            activity={spentOn}
            onClose={() => {
              setSpentOn(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
