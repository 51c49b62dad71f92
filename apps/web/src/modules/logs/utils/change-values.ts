import { APPROVAL_STATUSES, CONSENT_KINDS, GENDERS, MAIL_FOLDERS, PREFIXES, SPECIALTIES } from '@crm/shared';
import type { TFunction } from 'i18next';
import { channelLabel } from '@/lib/channel-label';
import { formatDateTime } from '@/lib/format';
import { ownEntry, within } from '@/modules/logs/utils/lookup';

type Translate = (t: TFunction, value: string) => string | undefined;

/**
 * The enumerated fields an entry may record, each value with the label its own screen gives it: specialties,
 * approval statuses, consent kinds… Values outside the list (an older spelling, free text) stay as stored.
 */
const ENUMERATED: Readonly<Record<string, Translate>> = {
  primarySpecialty: (t, value) => (within(SPECIALTIES, value) ? t(`specialties.${value}`) : undefined),
  secondarySpecialty: (t, value) => (within(SPECIALTIES, value) ? t(`specialties.${value}`) : undefined),
  prefix: (t, value) => (within(PREFIXES, value) ? t(`prefixes.${value}`) : undefined),
  gender: (t, value) => (within(GENDERS, value) ? t(`genders.${value}`) : undefined),
  approvalStatus: (t, value) => {
    if (!within(APPROVAL_STATUSES, value)) return undefined;
    return value === 'none' ? t('logs.values.approvalNone') : t(`activities.approval.${value}`);
  },
  folder: (t, value) => (within(MAIL_FOLDERS, value) ? t(`mailbox.folders.${value}`) : undefined),
  kind: (t, value) => (within(CONSENT_KINDS, value) ? t(`consents.tab.kinds.${value}`) : undefined),
  // An activity's `type` is its channel's name: the six channels every installation starts with are translated
  // as on the calendar, the others are names people typed.
  type: (_t, value) => channelLabel(value),
};

/** Booleans that are roles read better as the users screen says them than as yes and no. */
const ROLE_FLAGS: Readonly<Record<string, (t: TFunction, value: boolean) => string>> = {
  isAdmin: (t, value) => (value ? t('users.admin') : t('users.standard')),
  readWrite: (t, value) => (value ? t('users.fullAccess') : t('users.readOnlyAccess')),
};

/**
 * A recorded value as its own screen words it, or undefined when it is free data (a name, a number, a date)
 * to show as stored. A channel's own name is translated like an activity's channel.
 */
export function translatedValue(t: TFunction, entityType: string, field: string, value: unknown): string | undefined {
  if (typeof value === 'boolean') {
    const role = ownEntry(ROLE_FLAGS, field);
    if (role !== undefined) return role(t, value);
    return value ? t('logs.changes.yes') : t('logs.changes.no');
  }
  if (typeof value !== 'string') return undefined;
  if (entityType === 'channel' && field === 'name') return channelLabel(value);
  return ownEntry(ENUMERATED, field)?.(t, value);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a stored string is an instant, to show in the reader's date format. */
export const isInstant = (value: string): boolean => ISO_INSTANT.test(value);

/** A scalar value as one line of text: translated where it is enumerated, dates in the reader's format. */
export function valueText(t: TFunction, entityType: string, field: string, value: string | number | boolean): string {
  const translated = translatedValue(t, entityType, field, value);
  if (translated !== undefined) return translated;
  return typeof value === 'string' && isInstant(value) ? formatDateTime(value) : String(value);
}
