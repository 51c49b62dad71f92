import type { Office } from '@crm/shared';
import type { TableColumnType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import '@/ui/list-rows.css';

/** What the UGA column reads of an office (a list's Office, a doctor's DoctorOffice). */
type OfficeUga = Pick<Office, 'uga' | 'uga_name'>;

/** An office's UGA code, with its name beneath when known. */
export function UgaCell({ office }: { office: OfficeUga }) {
  return (
    <div className="two-lines">
      <span className="tabular">{office.uga}</span>
      {office.uga_name !== null && <span className="list-muted">{office.uga_name}</span>}
    </div>
  );
}

/** The offices tables' UGA column: the code, with its name beneath when known; large screens only. */
export function useUgaColumn<Row extends OfficeUga>(): TableColumnType<Row> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      key: 'uga',
      title: t('offices.fields.ugaColumn'),
      responsive: ['lg'],
      render: (_value, office) => <UgaCell office={office} />,
    }),
    [t],
  );
}
