import type { UserRef } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { userQueries } from '@/modules/users/api';
import type { CandidateKind } from '@/modules/users/query-keys';
import { userName } from '@/modules/users/utils/user-name';

export type CandidateSelectProps = {
  userId: string;
  kind: CandidateKind;
  /** The current choice, shown even when not among the candidates loaded. */
  value: UserRef | null;
  /** Users not to offer (the current managees, when adding one). */
  exclude?: readonly string[];
  placeholder: string;
  allowClear?: boolean;
  disabled?: boolean;
  onChange: (userId: string | null) => void;
  testId: string;
};

/** A searchable select of the users the server allows as the user's manager or managee (spec 001 §4). */
export function CandidateSelect({
  userId,
  kind,
  value,
  exclude = [],
  placeholder,
  allowClear,
  disabled,
  onChange,
  testId,
}: CandidateSelectProps) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const candidates = useQuery({ ...userQueries.candidates(userId, kind, debounced) });
  const options = (candidates.data ?? [])
    .filter((candidate) => !exclude.includes(candidate.id))
    .map((candidate) => ({ value: candidate.id, label: `${userName(candidate)} · ${candidate.email}` }));
  if (value !== null && !options.some((option) => option.value === value.id)) {
    options.unshift({ value: value.id, label: `${userName(value)} · ${value.email}` });
  }
  return (
    <Select<string | null>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear={allowClear}
      className="full-width"
      data-testid={testId}
      placeholder={placeholder}
      aria-label={placeholder}
      disabled={disabled}
      loading={candidates.isFetching}
      value={value?.id ?? null}
      options={options}
      onChange={(chosen) => {
        setSearch('');
        onChange(chosen ?? null);
      }}
    />
  );
}
