import type { ActivityStatus, ApprovalStatus } from '@crm/shared';
import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<ActivityStatus, string> = {
  upcoming: 'blue',
  incomplete: 'red',
  done: 'green',
};

export type ActivityStatusTagProps = { status: ActivityStatus };

/** Upcoming, incomplete (in red: past and not done) or done (spec 001 §4). */
export function ActivityStatusTag({ status }: ActivityStatusTagProps) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="activity-status-tag">
      {t(`activities.status.${status}`)}
    </Tag>
  );
}

const APPROVAL_COLORS: Record<Exclude<ApprovalStatus, 'none'>, string> = {
  waiting_approval: 'gold',
  approved: 'green',
  rejected: 'red',
};

/**
 * What a budget decision says, in the reader's language: a rejection shows the spec's reason followed by the
 * manager's notes (the server stores only what the manager typed); other decisions show their notes, if any.
 */
export function approvalNotesText(t: TFunction, approvalStatus: ApprovalStatus, notes: string | null | undefined) {
  if (approvalStatus !== 'rejected') return notes ? notes : null;
  return notes ? t('activities.approval.rejectedReasonWithNotes', { notes }) : t('activities.approval.rejectedReason');
}

export type ApprovalTagProps = {
  approvalStatus: ApprovalStatus;
  /** The manager's notes of a rejection, shown on hover after the reason. */
  notes?: string | null;
};

/** 'Waiting for Approval', 'Validated by Manager' or 'Rejected'; nothing when no approval is involved. */
export function ApprovalTag({ approvalStatus, notes }: ApprovalTagProps) {
  const { t } = useTranslation();
  if (approvalStatus === 'none') return null;
  const tag = (
    <Tag color={APPROVAL_COLORS[approvalStatus]} data-testid="approval-tag">
      {t(`activities.approval.${approvalStatus}`)}
    </Tag>
  );
  const text = approvalNotesText(t, approvalStatus, notes);
  if (text === null) return tag;
  return <Tooltip title={text}>{tag}</Tooltip>;
}
