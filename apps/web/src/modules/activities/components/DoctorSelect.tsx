import { ATTENDEE_SEARCH_LIMIT, ATTENDEE_SEARCH_MIN_CHARS, type DoctorListItem } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { PickedDoctor } from '@/modules/activities/utils/activity-form-values';
import { doctorQueries } from '@/modules/doctors/api';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';
import { fromServerOrSlice, searchDoctorsInSlice } from '@/offline/slice/slice-queries';

type DoctorOption = PickedDoctor & { doctor: DoctorListItem };

/**
 * The doctor and attendee searches (spec 001 §5): GET /api/doctors from 2 characters, the 10 best matches
 * as the server scores them, each with its RPPS and primary office; offline, the same from the doctors of
 * the rep's stored slice.
 */
function useDoctorSearch() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const isLongEnough = search.length >= ATTENDEE_SEARCH_MIN_CHARS;
  const picker = doctorQueries.picker(search, ATTENDEE_SEARCH_LIMIT);
  const searchServer = picker.queryFn;
  const results = useQuery({
    ...picker,
    queryFn: (context) =>
      fromServerOrSlice(
        async () => {
          if (searchServer === undefined) throw new Error('The doctor picker has no query function');
          return searchServer(context);
        },
        async (owner) => ({ doctors: await searchDoctorsInSlice(owner, search, ATTENDEE_SEARCH_LIMIT) }),
      ),
    // Offline the store answers: the query must run, not pause.
    networkMode: 'always',
    enabled: isLongEnough,
  });

  const options: DoctorOption[] = isLongEnough
    ? (results.data ?? []).map((doctor) => ({ value: doctor.id, label: doctorFullName(doctor), doctor }))
    : [];

  let notFoundContent: ReactNode = t('activities.form.typeToSearchDoctor');
  if (isLongEnough) notFoundContent = results.isFetching ? <Spin size="small" /> : t('activities.form.noDoctorFound');

  const optionRender = (option: { data: DoctorOption }) => {
    const { doctor } = option.data;
    const office = doctor.primaryOffice;
    return (
      <div className="doctor-option" data-testid={`doctor-option-${doctor.id}`}>
        <Typography.Text strong>{option.data.label}</Typography.Text>
        <Typography.Text type="secondary">
          {[
            `${t('doctors.fields.rpps')} ${doctor.rpps}`,
            office === null ? t('activities.form.noPrimaryOffice') : `${office.name}, ${office.city}`,
          ].join(' · ')}
        </Typography.Text>
      </div>
    );
  };

  return {
    options,
    notFoundContent,
    optionRender,
    showSearch: {
      filterOption: false,
      searchValue: searchText,
      onSearch: setSearchText,
    },
    resetSearch: () => {
      setSearchText('');
    },
  };
}

type CommonProps = {
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  'data-testid'?: string;
};

export type DoctorSelectProps = CommonProps & {
  value?: PickedDoctor | null;
  onChange?: (value: PickedDoctor | null) => void;
};

/** The activity's doctor: one, searched by name or RPPS. */
export function DoctorSelect({ value, onChange, ...props }: DoctorSelectProps) {
  const { options, notFoundContent, optionRender, showSearch, resetSearch } = useDoctorSearch();
  return (
    <Select<PickedDoctor | null, DoctorOption>
      {...props}
      labelInValue
      allowClear
      value={value ?? null}
      options={options}
      optionRender={optionRender}
      notFoundContent={notFoundContent}
      showSearch={showSearch}
      onChange={(picked) => {
        resetSearch();
        // Cleared: antd hands undefined, whatever its typing says.
        onChange?.(picked ? { value: picked.value, label: picked.label } : null);
      }}
    />
  );
}

export type AttendeesSelectProps = CommonProps & {
  value?: PickedDoctor[];
  onChange?: (value: PickedDoctor[]) => void;
};

/** The other doctors taking part: several, searched the same way. */
export function AttendeesSelect({ value, onChange, ...props }: AttendeesSelectProps) {
  const { options, notFoundContent, optionRender, showSearch, resetSearch } = useDoctorSearch();
  return (
    <Select<PickedDoctor[], DoctorOption>
      {...props}
      mode="multiple"
      labelInValue
      value={value ?? []}
      options={options}
      optionRender={optionRender}
      notFoundContent={notFoundContent}
      showSearch={showSearch}
      onChange={(picked) => {
        resetSearch();
        onChange?.(picked.map((attendee) => ({ value: attendee.value, label: attendee.label })));
      }}
    />
  );
}
