import type { Office } from '@crm/shared';
import { memo } from 'react';
import '@/ui/list-rows.css';

/** The office's name, its sector beneath. */
export function OfficeName({ office }: { office: Office }) {
  return (
    <div className="two-lines">
      <span className="list-strong">{office.name}</span>
      {office.sector !== null && <span className="list-muted">{office.sector}</span>}
    </div>
  );
}

/** How many doctors practise there, highlighted when some do. */
export function DoctorCount({ count }: { count: number }) {
  return <span className={count > 0 ? 'count-badge count-badge-some' : 'count-badge'}>{count}</span>;
}

/** The texts a compact row shows beside its data, translated once for the whole page. */
export type CompactOfficeLabels = { doctorCount: string; uga: string };

type CompactOfficeProps = { office: Office; labels: CompactOfficeLabels };

/** An office on a phone: name and sector beside the doctor count; address, city and UGA beneath. */
// Memoised: the table renders its rows again when only its loading state changes.
export const CompactOffice = memo(function CompactOffice({ office, labels }: CompactOfficeProps) {
  const uga = office.uga_name === null ? office.uga : `${office.uga} ${office.uga_name}`;
  return (
    <div className="compact-row">
      <div className="compact-row-line">
        <span className="compact-row-text">
          <span className="list-strong">{office.name}</span>
          {office.sector !== null && <span className="list-muted"> · {office.sector}</span>}
        </span>
        <span className="compact-row-aside" title={labels.doctorCount}>
          <DoctorCount count={office.doctorCount} />
        </span>
      </div>
      <div className="compact-row-line list-muted">
        <span className="compact-row-text">
          {office.address}, <span className="tabular">{office.postal_code}</span> {office.city}
          {' · '}
          {labels.uga} <span className="tabular">{uga}</span>
        </span>
      </div>
    </div>
  );
});
