import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { userQueries } from '@/modules/users/api';

/** Users a search offers at a time; typing narrows them. */
const REP_SEARCH_LIMIT = 20;

/** A user as chosen: their id, and their name to show it. */
export type PickedUser = { value: string; label: string };
type RepOption = PickedUser & { email: string };

type CommonProps = {
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
};

function useRepSearch() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const users = useQuery(userQueries.list({ search: debounced, page: 1, limit: REP_SEARCH_LIMIT }));
  const options: RepOption[] = (users.data?.users ?? []).map((user) => ({
    value: user.id,
    // The e-mail is on the option's second line: the name falls back on it (users/utils/user-name's rule, which
    // the users' pages keep in their own chunk).
    label: user.displayName ?? user.email,
    email: user.email,
  }));
  return {
    options,
    loading: users.isFetching,
    showSearch: { filterOption: false, searchValue: search, onSearch: setSearch },
    reset: () => {
      setSearch('');
    },
  };
}

const optionRender = (option: { data: RepOption }) => (
  <div className="two-lines">
    <span>{option.data.label}</span>
    <span className="list-muted">{option.data.email}</span>
  </div>
);

/** One rep, searched by name or e-mail among the users (GET /api/users). */
export function RepSelect({
  value,
  onChange,
  ...props
}: CommonProps & { value?: PickedUser | null; onChange?: (value: PickedUser | null) => void }) {
  const { options, loading, showSearch, reset } = useRepSearch();
  return (
    <Select<PickedUser | null, RepOption>
      {...props}
      labelInValue
      allowClear
      className="full-width"
      value={value ?? null}
      options={options}
      optionRender={optionRender}
      loading={loading}
      showSearch={showSearch}
      onChange={(picked) => {
        reset();
        // Cleared: antd hands undefined, whatever its typing says.
        onChange?.(picked ? { value: picked.value, label: picked.label } : null);
      }}
    />
  );
}

/** Several reps, searched the same way. */
export function RepsSelect({
  value,
  onChange,
  ...props
}: CommonProps & { value?: PickedUser[]; onChange?: (value: PickedUser[]) => void }) {
  const { options, loading, showSearch, reset } = useRepSearch();
  return (
    <Select<PickedUser[], RepOption>
      {...props}
      mode="multiple"
      labelInValue
      className="full-width"
      value={value ?? []}
      options={options}
      optionRender={optionRender}
      loading={loading}
      showSearch={showSearch}
      onChange={(picked) => {
        reset();
        onChange?.(picked.map((user) => ({ value: user.value, label: user.label })));
      }}
    />
  );
}
