import { MAIL_FOLDERS, type MailFolder } from '@crm/shared';
import { useListParams } from '@/lib/use-list-params';

const FOLDER_PARAM = 'folder';
const OPEN_PARAM = 'open';
const COMPOSE_PARAM = 'compose';

function folderOf(text: string | null): MailFolder {
  return (MAIL_FOLDERS as readonly string[]).includes(text ?? '') ? (text as MailFolder) : 'inbox';
}

/**
 * The mailbox's place, kept in the address: the folder, the page, the search, the open message and whether
 * the composer is open (?compose, so that the dashboard's quick action opens it). Changing the folder or the
 * search goes back to page 1 (spec 001 §4).
 */
export function useMailboxParams() {
  const list = useListParams();
  const { params, updateParams } = list;
  return {
    folder: folderOf(params.get(FOLDER_PARAM)),
    page: list.page,
    search: list.search,
    searchText: list.searchText,
    onSearchTextChange: list.onSearchTextChange,
    openId: params.get(OPEN_PARAM),
    isComposing: params.get(COMPOSE_PARAM) !== null,
    setFolder: (folder: MailFolder) => {
      updateParams({ [FOLDER_PARAM]: folder === 'inbox' ? null : folder, [OPEN_PARAM]: null });
    },
    setPage: (page: number) => {
      updateParams({ page: page === 1 ? null : String(page) });
    },
    open: (id: string | null) => {
      // Opening a message keeps the page; the list comes back where it was.
      updateParams({ [OPEN_PARAM]: id, page: list.page === 1 ? null : String(list.page) });
    },
    setComposing: (isComposing: boolean) => {
      updateParams({ [COMPOSE_PARAM]: isComposing ? '1' : null, page: list.page === 1 ? null : String(list.page) });
    },
    /**
     * After a send: the composer closes and Sent shows (spec 001 §4), in one change of the address. Two changes
     * made at once would each start from the same address, and the second would put ?compose back.
     */
    showSent: () => {
      updateParams({ [FOLDER_PARAM]: 'sent', [COMPOSE_PARAM]: null, [OPEN_PARAM]: null });
    },
  };
}

export type MailboxParams = ReturnType<typeof useMailboxParams>;
