import type { EmailListQuery } from '@crm/shared';

export type EmailListParams = Pick<EmailListQuery, 'folder' | 'page' | 'search'>;

export const mailboxKeys = {
  /** Every mailbox write invalidates this prefix (lists, details, counts). */
  all: ['mailbox'] as const,
  stats: () => [...mailboxKeys.all, 'stats'] as const,
  lists: () => [...mailboxKeys.all, 'list'] as const,
  list: (params: EmailListParams) => [...mailboxKeys.lists(), params] as const,
  detail: (id: string) => [...mailboxKeys.all, 'detail', id] as const,
  recipients: (search: string) => ['users', 'emails', search] as const,
};
