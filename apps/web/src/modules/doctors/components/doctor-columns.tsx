import { HistoryOutlined } from '@ant-design/icons';
import { DEFAULT_COLOR, type DoctorListItem, type Specialty } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Tag, type TableColumnType, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { configurationQueries, type TargetColor } from '@/modules/configuration/api';
import { TargetValue } from '@/modules/doctors/components/TargetValue';
import '@/ui/list-rows.css';

type DoctorColumn = TableColumnType<DoctorListItem>;

/** The columns every doctors table shows alike: what each shows and its title. */
function sharedDoctorColumns(t: TFunction, colorOf: TargetColor) {
  const rpps: DoctorColumn = { key: 'rpps', title: t('doctors.fields.rpps'), dataIndex: 'rpps', render: tabular };
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

/** The shared columns, for the other doctors tables: each places them (width, the screens that show them). */
export function useSharedDoctorColumns() {
  const { t } = useTranslation();
  const colorOf = useStableTargetColor();
  return useMemo(() => sharedDoctorColumns(t, colorOf), [t, colorOf]);
}

export type DoctorColumnsOptions = {
  /** Marks the doctors the user viewed recently (search results; the recent list needs no marker). */
  showRecentMarker: boolean;
  /** Phones: one two-line cell per doctor instead of seven columns. */
  isCompact: boolean;
};

const MUTED_DASH = <span className="list-muted">—</span>;

function tabular(value: string) {
  return <span className="tabular">{value}</span>;
}

/**
 * The texts a row shows beside its data, translated once for the whole page: a translation hook in each
 * of 50 rows would subscribe each of them to the language.
 */
type RowLabels = { recentMarker: string; target: string; potentialTarget: string; potentialShort: string };

function rowLabels(t: TFunction): RowLabels {
  return {
    recentMarker: t('doctors.list.recentMarker'),
    target: t('doctors.fields.target'),
    potentialTarget: t('doctors.fields.potential_target'),
    potentialShort: t('doctors.list.potentialShort'),
  };
}

type LastNameProps = { doctor: DoctorListItem; recentMarker: string | null };

/** The last name, with the recent marker when the list shows it (recentMarker is its text). */
function LastName({ doctor, recentMarker }: LastNameProps) {
  return (
    <span className="doctor-last-name">
      <span className="list-strong">{doctor.lastName}</span>
      {recentMarker !== null && doctor.isRecent && (
        <Tag
          icon={<HistoryOutlined />}
          color="blue"
          variant="filled"
          className="recent-marker"
          data-testid="recent-marker"
        >
          {recentMarker}
        </Tag>
      )}
    </span>
  );
}

function PrimaryOffice({ office }: { office: DoctorListItem['primaryOffice'] }) {
  if (office === null) return MUTED_DASH;
  return (
    <div className="two-lines">
      <span>{office.name}</span>
      <span className="list-muted">{office.city}</span>
    </div>
  );
}

type CompactDoctorProps = {
  doctor: DoctorListItem;
  recentMarker: string | null;
  colorOf: TargetColor;
  labels: RowLabels;
};

/** A doctor on a phone: name, first name and title beside the target; RPPS and office beside the potential target. */
// Memoised: the table renders its rows again when only its loading state changes.
const CompactDoctor = memo(function CompactDoctor({ doctor, recentMarker, colorOf, labels }: CompactDoctorProps) {
  const office = doctor.primaryOffice;
  return (
    <div className="compact-row">
      <div className="compact-row-line">
        <span className="compact-row-text">
          <LastName doctor={doctor} recentMarker={recentMarker} /> {doctor.firstName}
          {doctor.title !== null && <span className="list-muted"> · {doctor.title}</span>}
        </span>
        <span className="compact-row-aside" title={labels.target}>
          <TargetValue name={doctor.target} colorOf={colorOf} />
        </span>
      </div>
      <div className="compact-row-line list-muted">
        <span className="compact-row-text">
          <span className="tabular">{doctor.rpps}</span>
          {office !== null && ` · ${office.name}, ${office.city}`}
        </span>
        {doctor.potential_target !== null && doctor.potential_target !== '' && (
          <span className="compact-row-aside" title={labels.potentialTarget}>
            {labels.potentialShort} <TargetValue name={doctor.potential_target} colorOf={colorOf} />
          </span>
        )}
      </div>
    </div>
  );
});

/** The target colours, as one function that changes only when the configured targets do. */
function useStableTargetColor(): TargetColor {
  // Every target, inactive ones too: a doctor keeps showing a target deactivated since in its colour.
  const { data: targets } = useQuery(configurationQueries.targets());
  return useMemo(
    () => (name: string) => targets?.find((target) => target.name === name)?.color ?? DEFAULT_COLOR,
    [targets],
  );
}

function doctorColumns(
  t: TFunction,
  colorOf: TargetColor,
  { showRecentMarker, isCompact }: DoctorColumnsOptions,
): TableColumnsType<DoctorListItem> {
  const labels = rowLabels(t);
  const recentMarker = showRecentMarker ? labels.recentMarker : null;
  const shared = sharedDoctorColumns(t, colorOf);
  if (isCompact)
    return [
      {
        key: 'doctor',
        title: t('doctors.listTitle'),
        render: (_value, doctor) => (
          <CompactDoctor doctor={doctor} recentMarker={recentMarker} colorOf={colorOf} labels={labels} />
        ),
      },
    ];
  return [
    { ...shared.rpps, width: 130 },
    {
      key: 'lastName',
      title: t('doctors.fields.lastName'),
      dataIndex: 'lastName',
      render: (_lastName: string, doctor) => <LastName doctor={doctor} recentMarker={recentMarker} />,
    },
    { key: 'firstName', title: t('doctors.fields.firstName'), dataIndex: 'firstName' },
    {
      key: 'title',
      title: t('doctors.fields.title'),
      dataIndex: 'title',
      responsive: ['lg'],
      render: (title: string | null) => title ?? MUTED_DASH,
    },
    {
      key: 'primaryOffice',
      title: t('doctors.fields.primaryOffice'),
      dataIndex: 'primaryOffice',
      responsive: ['md'],
      render: (office: DoctorListItem['primaryOffice']) => <PrimaryOffice office={office} />,
    },
    shared.target,
    { ...shared.potentialTarget, responsive: ['sm'] },
  ];
}

/**
 * The doctors list's columns (spec 000 §2): rpps, last name with the recent marker, first name, title,
 * primary office (name and city), target and potential target with their colour swatches; on phones the
 * same fields in one compact cell (decision 0016). Built once per language and target colours rather than
 * on every render of a 50-row page.
 */
export function useDoctorColumns(options: DoctorColumnsOptions): TableColumnsType<DoctorListItem> {
  const { t } = useTranslation();
  const colorOf = useStableTargetColor();
  const { showRecentMarker, isCompact } = options;
  return useMemo(
    () => doctorColumns(t, colorOf, { showRecentMarker, isCompact }),
    [t, colorOf, showRecentMarker, isCompact],
  );
}
