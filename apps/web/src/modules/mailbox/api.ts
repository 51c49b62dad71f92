import {
  Email,
  EmailAttachment,
  EmailBulkDeleteResult,
  EmailBulkResult,
  EmailDeleteResult,
  type EmailInput,
  EmailListResult,
  EmailStats,
  MAIL_STATS_REFETCH_MS,
  MAIL_STATS_STALE_MS,
  MAILBOX_PAGE_SIZE,
  type MailFolder,
  UserEmailSearchResult,
} from '@crm/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiClient, apiRequest, ApiError, HTTP_ERROR_CODE } from '@/lib/api-client';
import { getSession } from '@/app/session';
import { currentLanguage, i18n } from '@/lib/i18n';
import { dashboardKeys } from '@/modules/dashboard/query-keys';
import { type EmailListParams, mailboxKeys } from '@/modules/mailbox/query-keys';

const FolderMove = { parse: (data: unknown) => data as { id: string; folder: MailFolder } };
const ReadChange = { parse: (data: unknown) => data as { id: string; isRead: boolean } };

export const mailboxQueries = {
  /** The menu's badge and the folder counts: refetched every 30 s, stale after 10 s (spec 000 §§7, 9). */
  stats: () =>
    queryOptions({
      queryKey: mailboxKeys.stats(),
      queryFn: ({ signal }) => apiClient.get('/emails/stats', EmailStats, { signal }),
      refetchInterval: MAIL_STATS_REFETCH_MS,
      staleTime: MAIL_STATS_STALE_MS,
    }),
  list: (params: EmailListParams) =>
    queryOptions({
      queryKey: mailboxKeys.list(params),
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({
          folder: params.folder,
          page: String(params.page),
          limit: String(MAILBOX_PAGE_SIZE),
        });
        if (params.search !== undefined && params.search !== '') query.set('search', params.search);
        return apiClient.get(`/emails?${query.toString()}`, EmailListResult, { signal });
      },
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: mailboxKeys.detail(id),
      queryFn: ({ signal }) => apiClient.get(`/emails/${id}`, Email, { signal }),
    }),
  /** Product users whose address or name matches (debounced by the caller, spec 001 §5). */
  recipients: (search: string) =>
    queryOptions({
      queryKey: mailboxKeys.recipients(search),
      queryFn: ({ signal }) =>
        apiClient.get(`/users/emails?search=${encodeURIComponent(search)}`, UserEmailSearchResult, { signal }),
      staleTime: 60_000,
    }),
};

export function useMailStats(isEnabled = true) {
  return useQuery({ ...mailboxQueries.stats(), enabled: isEnabled });
}

/** After any change to the mailbox: lists, details, counts and the dashboard's mail figures. */
function useInvalidateMailbox() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
}

export function useSendEmail() {
  const invalidate = useInvalidateMailbox();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: EmailInput; idempotencyKey: string }) =>
      apiClient.post('/emails', input, Email, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: invalidate,
  });
}

export function useSetRead() {
  const invalidate = useInvalidateMailbox();
  return useMutation({
    mutationFn: ({ ids, isRead }: { ids: string[]; isRead: boolean }) =>
      ids.length === 1 && ids[0] !== undefined
        ? apiRequest(`/emails/${ids[0]}/read`, { method: 'PATCH', body: { isRead } }).then((data) => {
            ReadChange.parse(data);
            return { updated: 1 };
          })
        : apiRequest('/emails/read', { method: 'PATCH', body: { ids, isRead } }).then((data) =>
            EmailBulkResult.parse(data),
          ),
    onSuccess: invalidate,
  });
}

export function useMoveEmail() {
  const invalidate = useInvalidateMailbox();
  return useMutation({
    mutationFn: ({ id, folder }: { id: string; folder: MailFolder }) =>
      apiRequest(`/emails/${id}/folder`, { method: 'PATCH', body: { folder } }).then((data) => FolderMove.parse(data)),
    onSuccess: invalidate,
  });
}

export function useDeleteEmails() {
  const invalidate = useInvalidateMailbox();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1 && ids[0] !== undefined
        ? apiRequest(`/emails/${ids[0]}`, { method: 'DELETE' }).then((data) => {
            const { permanent } = EmailDeleteResult.parse(data);
            return { movedToBin: permanent ? 0 : 1, deleted: permanent ? 1 : 0 };
          })
        : apiClient.post('/emails/delete', { ids }, EmailBulkDeleteResult),
    onSuccess: invalidate,
  });
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { message?: string; code?: string };
    return new ApiError(response.status, body.message ?? '', body.code ?? HTTP_ERROR_CODE);
  } catch {
    return new ApiError(response.status, i18n.t('errors.http', { status: response.status }), HTTP_ERROR_CODE);
  }
}

function authHeaders(): Record<string, string> {
  const token = getSession().token;
  return {
    'Accept-Language': currentLanguage(),
    ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
  };
}

/** Uploads one file's bytes as they are; the server checks its type from its content. */
export async function uploadAttachment(file: File, signal?: AbortSignal): Promise<EmailAttachment> {
  const response = await fetch(`${API_BASE}/emails/attachments?fileName=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { ...authHeaders(), 'Content-Type': 'application/octet-stream' },
    body: file,
    signal,
  });
  if (!response.ok) throw await errorOf(response);
  return EmailAttachment.parse(await response.json());
}

/**
 * Downloads an attachment with the session's token (a plain link can't carry it) and hands it to the browser
 * as a file to save: never opened in the page.
 */
export async function downloadAttachment(attachment: EmailAttachment): Promise<void> {
  const response = await fetch(`${API_BASE}/emails/attachments/${attachment.id}`, { headers: authHeaders() });
  if (!response.ok) throw await errorOf(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}
