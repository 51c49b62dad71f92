import { RECIPIENT_SEARCH_DEBOUNCE_MS, splitRecipients } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { mailboxQueries } from '@/modules/mailbox/api';

export type RecipientsSelectProps = {
  value?: string[];
  onChange?: (addresses: string[]) => void;
  isLocked?: boolean;
  status?: 'error';
  id?: string;
};

/**
 * Addresses typed or picked from the product's users (GET /api/users/emails, asked 300 ms after typing
 * pauses, spec 001 §5); a comma or a semicolon ends an address.
 */
export function RecipientsSelect({ value = [], onChange, isLocked = false, status, id }: RecipientsSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), RECIPIENT_SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useQuery({
    ...mailboxQueries.recipients(debounced),
    enabled: !isLocked && debounced.length > 0,
  });
  const options = (data?.users ?? [])
    .filter((user) => !value.includes(user.email))
    .map((user) => ({
      value: user.email,
      label: user.displayName === null ? user.email : `${user.displayName} <${user.email}>`,
    }));

  return (
    <Select
      id={id}
      mode="tags"
      value={value}
      disabled={isLocked}
      status={status}
      // Open while an address is being typed only. Left open after Enter, it listed the new recipient as its
      // active option, and the Tab that leaves the field took that option again, which removes it: a keyboard
      // user lost every recipient on the way to the subject.
      open={!isLocked && search.trim() !== ''}
      tokenSeparators={[',', ';']}
      placeholder={t('mailbox.compose.recipientsPlaceholder')}
      aria-label={t('mailbox.compose.recipients')}
      data-testid="compose-recipients"
      options={options}
      loading={isFetching}
      notFoundContent={null}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      onChange={(addresses: string[]) => {
        setSearch('');
        onChange?.([...new Set(addresses.flatMap((address) => splitRecipients(address)))]);
      }}
    />
  );
}
