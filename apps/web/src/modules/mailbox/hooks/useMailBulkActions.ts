import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useDeleteEmails, useSetRead } from '@/modules/mailbox/api';

export type MailBulkActions = ReturnType<typeof useMailBulkActions>;

/**
 * The actions on the messages ticked in the list (spec 001 §4), each saying how it went; `onDone` after a
 * success, the selection being done with. Called by the page, not the bar: an answer that arrives once the
 * bar is gone (a message opened meanwhile) still gets its message.
 */
export function useMailBulkActions(selectedIds: string[], onDone: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setRead = useSetRead();
  const remove = useDeleteEmails();

  const markRead = (isRead: boolean) => {
    setRead.mutate(
      { ids: selectedIds, isRead },
      {
        onSuccess: () => {
          void message.success(t(isRead ? 'mailbox.messages.markedRead' : 'mailbox.messages.markedUnread'));
          onDone();
        },
        onError: () => void message.error(t('mailbox.messages.statusFailed')),
      },
    );
  };

  const deleteSelected = () => {
    remove.mutate(selectedIds, {
      onSuccess: (result) => {
        if (result.movedToBin > 0)
          void message.success(t('mailbox.messages.movedToBinCount', { count: result.movedToBin }));
        if (result.deleted > 0)
          void message.success(t('mailbox.messages.deletedForGoodCount', { count: result.deleted }));
        onDone();
      },
      onError: (error) => void message.error(`${t('mailbox.messages.deleteFailed')}: ${serverMessage(error)}`),
    });
  };

  return { markRead, deleteSelected, isMarking: setRead.isPending, isDeleting: remove.isPending };
}
