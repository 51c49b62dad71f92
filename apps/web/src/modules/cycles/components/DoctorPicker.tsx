import { ATTENDEE_SEARCH_LIMIT, ATTENDEE_SEARCH_MIN_CHARS, type DoctorListItem } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { doctorQueries } from '@/modules/doctors/api';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';

/** A doctor as chosen: their id, and their name to show it. */
export type PickedDoctor = { value: string; label: string };
type DoctorOption = PickedDoctor & { doctor: DoctorListItem };

export type DoctorPickerProps = {
  id?: string;
  value?: PickedDoctor | null;
  onChange?: (value: PickedDoctor | null) => void;
  placeholder?: string;
  'data-testid'?: string;
};

/**
 * A doctor to add to a plan, searched by name or RPPS as the activity form's doctor is (GET /api/doctors from
 * 2 characters, the best matches with their RPPS and primary office). Online only: administrators set plans.
 */
export function DoctorPicker({ value, onChange, ...props }: DoctorPickerProps) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const isLongEnough = search.length >= ATTENDEE_SEARCH_MIN_CHARS;
  const results = useQuery({ ...doctorQueries.picker(search, ATTENDEE_SEARCH_LIMIT), enabled: isLongEnough });
  const options: DoctorOption[] = isLongEnough
    ? (results.data ?? []).map((doctor) => ({ value: doctor.id, label: doctorFullName(doctor), doctor }))
    : [];

  let notFoundContent: ReactNode = t('plans.goalEdit.typeToSearch');
  if (isLongEnough) notFoundContent = results.isFetching ? <Spin size="small" /> : t('plans.goalEdit.noDoctor');

  return (
    <Select<PickedDoctor | null, DoctorOption>
      {...props}
      labelInValue
      allowClear
      value={value ?? null}
      options={options}
      notFoundContent={notFoundContent}
      showSearch={{ filterOption: false, searchValue: searchText, onSearch: setSearchText }}
      optionRender={(option) => {
        const { doctor } = option.data;
        const office = doctor.primaryOffice;
        return (
          <div className="two-lines" data-testid={`doctor-option-${doctor.id}`}>
            <span className="list-strong">{option.data.label}</span>
            <span className="list-muted">
              {[`${t('doctors.fields.rpps')} ${doctor.rpps}`, office === null ? null : `${office.name}, ${office.city}`]
                .filter((part) => part !== null)
                .join(' · ')}
            </span>
          </div>
        );
      }}
      onChange={(picked) => {
        setSearchText('');
        // Cleared: antd hands undefined, whatever its typing says.
        onChange?.(picked ? { value: picked.value, label: picked.label } : null);
      }}
    />
  );
}
