import type { CalendarActivity } from '@crm/shared';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { translateKey } from '@/lib/i18n';
import { useUpdateActivityMutation } from '@/modules/activities/api';
import { moveRequest } from '@/modules/calendar/utils/calendar-events';

/** What the hook reads of FullCalendar's eventDrop and eventResize arguments. */
export type EventChangeInfo = {
  event: { id: string; start: Date | null; end: Date | null; allDay: boolean };
  revert: () => void;
};

/**
 * Saves a dragged or resized event's new times (spec 001 §2). The event stays where it was dropped
 * while saving; a refusal (a length the form doesn't offer, or the server's answer) puts it back and
 * says why.
 */
export function useMoveEvent(activitiesById: ReadonlyMap<string, CalendarActivity>): (info: EventChangeInfo) => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const move = useUpdateActivityMutation();

  return (info) => {
    const activity = activitiesById.get(info.event.id);
    const start = info.event.start;
    if (activity === undefined || start === null) {
      info.revert();
      return;
    }
    const request = moveRequest({ start, end: info.event.end, allDay: info.event.allDay }, activity.duration);
    if (!request.ok) {
      info.revert();
      void message.error(translateKey(`activities.${request.reason}`));
      return;
    }
    move.mutate(
      { activity, update: request.update },
      {
        onSuccess: ({ queued }) => void message.success(queued ? t('offline.savedOffline') : t('calendar.moved')),
        onError: (error) => {
          info.revert();
          void message.error(t('calendar.moveFailed', { message: serverMessage(error) }));
        },
      },
    );
  };
}
