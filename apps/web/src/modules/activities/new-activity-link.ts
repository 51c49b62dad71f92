import { queryString } from '@/lib/query-string';

/**
 * The query of /activities/new (spec 001 §2): what the calendar, the doctor page and the dashboard
 * prefill. Dates are local YYYY-MM-DD, times local HH:mm; endDate/endTime are the exclusive end the
 * calendar selected (an all-day selection of one day ends at the next day's midnight).
 */
export type NewActivityParams = {
  date?: string;
  time?: string;
  endDate?: string;
  endTime?: string;
  allDay?: boolean;
  /** a channel name or id */
  channel?: string;
  doctorId?: string;
  doctorName?: string;
};

export function newActivityHref(params: NewActivityParams = {}): string {
  return `/activities/new${queryString({
    date: params.date,
    time: params.time,
    endDate: params.endDate,
    endTime: params.endTime,
    allDay: params.allDay === undefined ? undefined : String(params.allDay),
    channel: params.channel,
    doctorId: params.doctorId,
    doctorName: params.doctorName,
  })}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** Reads the query back, dropping malformed values rather than failing the form. */
export function parseNewActivityParams(search: URLSearchParams): NewActivityParams {
  const text = (name: string) => search.get(name)?.trim() || undefined;
  const matching = (name: string, pattern: RegExp) => {
    const value = text(name);
    return value !== undefined && pattern.test(value) ? value : undefined;
  };
  const allDay = text('allDay');
  return {
    date: matching('date', DATE),
    time: matching('time', TIME),
    endDate: matching('endDate', DATE),
    endTime: matching('endTime', TIME),
    allDay: allDay === undefined ? undefined : allDay === 'true',
    channel: text('channel'),
    doctorId: text('doctorId'),
    doctorName: text('doctorName'),
  };
}
