import { type LogEntry, PASSWORD_LINK_PURPOSES, SESSION_METHODS } from '@crm/shared';
import type { ParseKeys, TFunction } from 'i18next';
import { translatedValue, valueText } from '@/modules/logs/utils/change-values';
import { recordName } from '@/modules/logs/utils/log-entries';
import { ownEntry, within } from '@/modules/logs/utils/lookup';

/** Metadata keys the details line already says (the record's name), or that the table shows elsewhere. */
const SHOWN_KEYS = new Set(['name', 'doctorName', 'officeName', 'title', 'email', 'firstName', 'lastName']);

/**
 * Identifiers kept for the record's sake (the consent verifier reads `consentId`), which tell a reader
 * nothing: the entry links its record instead.
 */
const HIDDEN_KEYS = new Set(['consentId', 'sessionId', 'aliasId']);

/** Metadata keys said as 'label: value', with the label their own screen gives them. */
const LABELLED_KEYS: Readonly<Record<string, ParseKeys>> = {
  professionalConsent: 'consents.professional',
  congressConsent: 'consents.congress',
  generalConsent: 'consents.general',
  signatureDate: 'consents.tab.signedOn',
  recordHash: 'consents.tab.recordHash',
};

const positive = (value: unknown): value is number => typeof value === 'number' && value > 0;

/**
 * The phrase of a metadata key the catalogue knows: null to say nothing, undefined for a key or a value it
 * doesn't know (said then as 'key: value').
 */
function phrase(
  t: TFunction,
  entry: LogEntry,
  key: string,
  value: unknown,
  name: string | null,
): string | null | undefined {
  switch (key) {
    case 'count':
      return typeof value === 'number' ? t('logs.details.cleared', { count: value }) : undefined;
    case 'recipientCount':
      return typeof value === 'number' ? t('logs.details.recipients', { count: value }) : undefined;
    case 'recipients':
      return Array.isArray(value) ? t('logs.details.recipients', { count: value.length }) : undefined;
    case 'renamedOnDoctors':
      return positive(value) ? t('logs.details.renamedOnDoctors', { count: value }) : null;
    case 'skippedCount':
      return positive(value) ? t('logs.details.skipped', { count: value }) : null;
    case 'doctorCount':
      return positive(value) ? t('logs.details.unlinkedDoctors', { count: value }) : null;
    case 'endedSessions':
      return positive(value) ? t('logs.details.endedSessions', { count: value }) : null;
    case 'isPrimary':
      return value === true ? t('logs.details.primary') : null;
    case 'current':
      return value === true ? t('logs.details.currentSession') : null;
    case 'isAdmin':
      return value === true ? t('users.isAdmin') : null;
    case 'readWrite':
      return typeof value === 'boolean' ? t(value ? 'users.fullAccess' : 'users.readOnlyAccess') : undefined;
    case 'method':
      return within(SESSION_METHODS, value) ? t(`logs.details.method.${value}`) : undefined;
    case 'purpose':
      return within(PASSWORD_LINK_PURPOSES, value) ? t(`logs.details.purpose.${value}`) : undefined;
    case 'source':
      return value === 'account' || value === 'sso' ? t(`logs.details.source.${value}`) : undefined;
    case 'kind':
      // Said as the changes modal says a consent's kind.
      return typeof value === 'string' ? translatedValue(t, entry.entityType, key, value) : undefined;
    case 'issuer':
      return typeof value === 'string' ? t('logs.details.issuer', { issuer: value }) : undefined;
    case 'subject':
      // A message's subject, or the user's identifier at the single sign-on provider (the same word in OpenID).
      if (typeof value !== 'string') return undefined;
      if (entry.entityType !== 'email') return t('logs.details.ssoSubject', { subject: value });
      return value === name ? null : t('logs.details.subject', { subject: value });
    case 'campaignName':
      if (typeof value !== 'string') return undefined;
      return value === name ? null : t('logs.details.campaign', { name: value });
    case 'templateName':
      return typeof value === 'string' ? t('logs.details.template', { name: value }) : undefined;
    case 'message':
      return typeof value === 'string' ? value : undefined;
    default:
      return undefined;
  }
}

/** 'Label: value' in the reader's language; a key no screen names keeps its stored spelling. */
function labelledFact(t: TFunction, entry: LogEntry, key: string, value: string | number | boolean): string {
  const labelKey = ownEntry(LABELLED_KEYS, key);
  const label = labelKey === undefined ? key : t(labelKey);
  return t('logs.details.fact', { label, value: valueText(t, entry.entityType, key, value) });
}

/**
 * The facts of an entry's metadata beyond its record's name, each one short phrase in the reader's language:
 * the doctor of an activity, the office of a link, how a user signed in, how many entries a clearing
 * removed… Keys no phrase knows show as 'key: value', so a new kind of entry still says what it recorded.
 */
export function entryFacts(t: TFunction, entry: LogEntry): string[] {
  const metadata = entry.metadata ?? {};
  const name = recordName(entry);
  const facts: string[] = [];
  if (typeof metadata.doctorName === 'string' && metadata.doctorName !== name)
    facts.push(t('logs.details.doctor', { name: metadata.doctorName }));
  if (typeof metadata.officeName === 'string' && metadata.officeName !== name)
    facts.push(t('logs.details.office', { name: metadata.officeName }));
  if (typeof metadata.email === 'string' && metadata.email !== name && metadata.email !== entry.user?.email)
    facts.push(metadata.email);
  for (const [key, value] of Object.entries(metadata)) {
    if (SHOWN_KEYS.has(key) || HIDDEN_KEYS.has(key) || value === null || value === undefined) continue;
    const fact = phrase(t, entry, key, value, name);
    if (fact !== undefined) {
      if (fact !== null) facts.push(fact);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      facts.push(labelledFact(t, entry, key, value));
    }
  }
  return facts;
}
