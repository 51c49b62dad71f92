import { HistoryOutlined } from '@ant-design/icons';
import type { DoctorListItem, Specialty } from '@crm/shared';
import { Tag, Typography, type TableColumnType, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActiveTargets } from '@/modules/configuration/api';
import { TargetValue } from '@/modules/doctors/components/TargetValue';

type DoctorColumn = TableColumnType<DoctorListItem>;

/**
 * The columns every doctors table shows alike: what each shows and its title. Each table places them
 * (width, the screens that show them).
 */
export function useSharedDoctorColumns() {
  const { t } = useTranslation();
  const { colorOf } = useActiveTargets();
  const rpps: DoctorColumn = {
    key: 'rpps',
    title: t('doctors.fields.rpps'),
    dataIndex: 'rpps',
    render: (value: string) => <span className="tabular">{value}</span>,
  };
  const primarySpecialty: DoctorColumn = {
    key: 'specialty',
    title: t('doctors.fields.primarySpecialty'),
    dataIndex: 'primarySpecialty',
    render: (value: Specialty) => t(`specialties.${value}`),
  };
  const target: DoctorColumn = {
    key: 'target',
    title: t('doctors.fields.target'),
    dataIndex: 'target',
    render: (value: string | null) => <TargetValue name={value} colorOf={colorOf} />,
  };
  const potentialTarget: DoctorColumn = {
    key: 'potential_target',
    title: t('doctors.fields.potential_target'),
    dataIndex: 'potential_target',
    render: (value: string | null) => <TargetValue name={value} colorOf={colorOf} />,
  };
  return { rpps, primarySpecialty, target, potentialTarget };
}

export type DoctorColumnsOptions = {
  /** Marks the doctors the user viewed recently (search results; the recent list needs no marker). */
  showRecentMarker: boolean;
};

/**
 * The doctors list's columns (spec 000 §2): rpps, last name with the recent marker, first name, title,
 * primary office (name and city), target and potential target with their colour swatches.
 */
export function useDoctorColumns({ showRecentMarker }: DoctorColumnsOptions): TableColumnsType<DoctorListItem> {
  const { t } = useTranslation();
  const shared = useSharedDoctorColumns();
  return [
    { ...shared.rpps, width: 130 },
    {
      key: 'lastName',
      title: t('doctors.fields.lastName'),
      dataIndex: 'lastName',
      render: (lastName: string, doctor) => (
        <span className="doctor-last-name">
          <Typography.Text strong>{lastName}</Typography.Text>
          {showRecentMarker && doctor.isRecent && (
            <Tag
              icon={<HistoryOutlined />}
              color="blue"
              variant="filled"
              className="recent-marker"
              data-testid="recent-marker"
            >
              {t('doctors.list.recentMarker')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'firstName', title: t('doctors.fields.firstName'), dataIndex: 'firstName' },
    {
      key: 'title',
      title: t('doctors.fields.title'),
      dataIndex: 'title',
      responsive: ['lg'],
      render: (title: string | null) => title ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'primaryOffice',
      title: t('doctors.fields.primaryOffice'),
      dataIndex: 'primaryOffice',
      responsive: ['md'],
      render: (office: DoctorListItem['primaryOffice']) =>
        office === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <div className="two-lines">
            <span>{office.name}</span>
            <Typography.Text type="secondary">{office.city}</Typography.Text>
          </div>
        ),
    },
    shared.target,
    { ...shared.potentialTarget, responsive: ['sm'] },
  ];
}
