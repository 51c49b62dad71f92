import type { LogEntry } from '@crm/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityTypeLabel } from '@/modules/logs/utils/audit-kinds';
import { recordName, recordPath } from '@/modules/logs/utils/log-entries';
import { entryFacts } from '@/modules/logs/utils/log-labels';

export type LogDetailsProps = { entry: LogEntry };

/**
 * What an entry is about: its kind of record and the record's name, linked to its page (a doctor, an office,
 * a doctor's consent tab, an activity, a user) while it exists; then what else its metadata says.
 */
export function LogDetails({ entry }: LogDetailsProps) {
  const { t } = useTranslation();
  const name = recordName(entry);
  const path = recordPath(entry);
  const facts = entryFacts(t, entry);
  const label = name ?? (path === null ? null : (entry.entityId ?? '').slice(0, 8));
  return (
    <span className="log-details">
      <span className="log-details-record">
        <span className="list-muted">{entityTypeLabel(t, entry.entityType)}</span>
        {label !== null &&
          (path === null ? (
            <span className="log-details-name">{label}</span>
          ) : (
            <Link className="log-details-name" to={path} onClick={(event) => event.stopPropagation()}>
              {label}
            </Link>
          ))}
      </span>
      {facts.length > 0 && <span className="log-details-facts list-muted">{facts.join(' · ')}</span>}
    </span>
  );
}
