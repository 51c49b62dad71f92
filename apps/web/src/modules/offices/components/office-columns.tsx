import type { Office } from '@crm/shared';
import { Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the UGA column reads of an office (a list's Office, a doctor's DoctorOffice). */
type OfficeUga = Pick<Office, 'uga' | 'uga_name'>;

/** The offices tables' UGA column: the code, with its name beneath when known; large screens only. */
export function useUgaColumn<Row extends OfficeUga>(): TableColumnType<Row> {
  const { t } = useTranslation();
  return {
    key: 'uga',
    title: t('offices.fields.ugaColumn'),
    responsive: ['lg'],
    render: (_value, office) => (
      <div className="two-lines">
        <span className="tabular">{office.uga}</span>
        {office.uga_name !== null && <Typography.Text type="secondary">{office.uga_name}</Typography.Text>}
      </div>
    ),
  };
}
