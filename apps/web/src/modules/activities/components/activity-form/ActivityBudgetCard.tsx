import type { Activity } from '@crm/shared';
import { Alert, Card, Form, InputNumber } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { ApprovalTag, approvalNotesText } from '@/modules/activities/components/ActivityTags';

// The Transparence Santé check (issue 31) comes with the budget, in its own chunk.
const PlannedSpendWarning = lazy(() =>
  import('@/modules/transparency/components/PlannedSpendWarning').then((module) => ({
    default: module.PlannedSpendWarning,
  })),
);

const APPROVAL_ALERT_TYPES = {
  waiting_approval: 'warning',
  approved: 'success',
  rejected: 'error',
} as const;

export type ActivityBudgetCardProps = {
  /** The activity edited; a new one otherwise. */
  activity: Activity | undefined;
  /** The budget can no longer change (spec 001 §5). */
  isBudgetLocked: boolean;
  /** The hints speak to the owner ('your manager'): nobody else needs them. */
  isOwner: boolean;
};

/** The form's budget section, for the channels that need a manager's approval: the estimate and where it stands. */
export function ActivityBudgetCard({ activity, isBudgetLocked, isOwner }: ActivityBudgetCardProps) {
  const { t } = useTranslation();
  let hint: string | undefined;
  if (isOwner) hint = isBudgetLocked ? t('activities.form.budgetLockedHint') : t('activities.form.budgetHint');
  return (
    <Card className="page-card" title={t('activities.form.sections.budget')}>
      {activity !== undefined && activity.approvalStatus !== 'none' && (
        <Alert
          className="activity-form-alert"
          showIcon
          type={APPROVAL_ALERT_TYPES[activity.approvalStatus]}
          title={<ApprovalTag approvalStatus={activity.approvalStatus} />}
          description={approvalNotesText(t, activity.approvalStatus, activity.approvalNotes) ?? undefined}
          data-testid="approval-status"
        />
      )}
      <Form.Item name="budgetEstimate" label={t('activities.fields.budgetEstimate')} required extra={hint}>
        <InputNumber<number>
          min={0}
          step={0.01}
          precision={2}
          decimalSeparator={currentLanguage() === 'fr' ? ',' : '.'}
          suffix="€"
          disabled={isBudgetLocked || undefined}
          className="budget-input"
        />
      </Form.Item>
      {isOwner && !isBudgetLocked && (
        <Suspense fallback={null}>
          <PlannedSpendWarning />
        </Suspense>
      )}
    </Card>
  );
}
