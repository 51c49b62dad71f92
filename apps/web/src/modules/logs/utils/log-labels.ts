import type { LogEntry } from '@crm/shared';
import type { i18n as I18n } from 'i18next';
import { formatDateTime } from '@/lib/format';
import { recordName } from '@/modules/logs/utils/log-entries';

/** 'update_targets' → 'Update targets': the label of a metadata key no phrase below knows. */
function humanize(word: string): string {
  const spaced = word.replace(/[_-]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Metadata keys the details line already says, or that the table shows elsewhere. */
const SHOWN_KEYS = new Set(['name', 'doctorName', 'officeName', 'title', 'email', 'firstName', 'lastName']);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The phrase of a metadata key the catalogue knows; null to say nothing, undefined for a key it doesn't know. */
function knownFact(i18n: I18n, key: string, value: unknown, name: string | null): string | null | undefined {
  switch (key) {
    case 'count':
      return typeof value === 'number' ? i18n.t('logs.details.cleared', { count: value }) : undefined;
    case 'recipientCount':
      return typeof value === 'number' ? i18n.t('logs.details.recipients', { count: value }) : undefined;
    case 'recipients':
      return Array.isArray(value) ? i18n.t('logs.details.recipients', { count: value.length }) : undefined;
    case 'renamedOnDoctors':
      if (typeof value !== 'number') return undefined;
      return value > 0 ? i18n.t('logs.details.renamedOnDoctors', { count: value }) : null;
    case 'isPrimary':
      return value === true ? i18n.t('logs.details.primary') : null;
    case 'subject':
      if (typeof value !== 'string') return undefined;
      return value === name ? null : i18n.t('logs.details.subject', { subject: value });
    case 'campaignName':
      if (typeof value !== 'string') return undefined;
      return value === name ? null : i18n.t('logs.details.campaign', { name: value });
    case 'message':
      return typeof value === 'string' ? value : undefined;
    default:
      return undefined;
  }
}

/**
 * The facts of an entry's metadata beyond its record's name, each one short phrase: the doctor of an
 * activity, the office of a link, how many entries a clearing removed… Keys no phrase knows show as
 * 'Key: value', so a new kind of entry still says what it recorded.
 */
export function entryFacts(i18n: I18n, entry: LogEntry): string[] {
  const metadata = entry.metadata ?? {};
  const name = recordName(entry);
  const facts: string[] = [];
  if (typeof metadata.doctorName === 'string' && metadata.doctorName !== name)
    facts.push(i18n.t('logs.details.doctor', { name: metadata.doctorName }));
  if (typeof metadata.officeName === 'string' && metadata.officeName !== name)
    facts.push(i18n.t('logs.details.office', { name: metadata.officeName }));
  if (typeof metadata.email === 'string' && metadata.email !== name && metadata.email !== entry.user?.email)
    facts.push(metadata.email);
  for (const [key, value] of Object.entries(metadata)) {
    if (SHOWN_KEYS.has(key) || value === null || value === undefined) continue;
    const fact = knownFact(i18n, key, value, name);
    if (fact !== undefined) {
      if (fact !== null) facts.push(fact);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      const shown = typeof value === 'string' && ISO_INSTANT.test(value) ? formatDateTime(value) : String(value);
      facts.push(`${humanize(key)}: ${shown}`);
    }
  }
  return facts;
}
