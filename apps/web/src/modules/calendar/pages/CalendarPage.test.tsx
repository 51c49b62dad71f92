import type { Activity, Channel } from '@crm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { queryString } from '@/lib/query-string';
import { activityKeys } from '@/modules/activities/query-keys';
import { activity as activityFixture, FACE_TO_FACE } from '@/modules/activities/test/fixtures';
import { CalendarPage } from '@/modules/calendar/pages/CalendarPage';
import { INCOMPLETE_COLOR, tint, TINT_WHITE } from '@/modules/calendar/utils/calendar-events';
import { planView } from '@/modules/cycles/test/plans';
import { fetchChunks, type DateRange } from '@/modules/calendar/utils/calendar-range';
import { callsTo, type FetchHandler, type FetchMock, jsonBody, jsonResponse, requestOf, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { emulatePhoneScreen } from '@/test/screen-width';
import { REP_USER } from '@/test/tokens';
import { CurrentLocation } from '@/test/location';

const PLAN_PATH = 'GET /api/cycles/current/plan';
const EMAIL: Channel = { ...FACE_TO_FACE, id: '0190a0c4-0000-7000-8000-00000000c002', name: 'Email', color: '#722ed1' };

/** An event of the calendar: untitled unless the test names it. */
function activity(
  overrides: Partial<Activity> & Pick<Activity, 'id' | 'start' | 'end'>,
  channel = FACE_TO_FACE,
): Activity {
  return activityFixture({ title: null, ...overrides }, channel);
}

/** Local times, so the events land on the expected day whatever the machine's zone. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();

const VISIT = activity({
  id: '0190a0c4-0000-7000-8000-00000000a001',
  title: 'Visite Dr Martin',
  doctorName: 'Jean Martin',
  start: at(17, 10),
  end: at(17, 11),
});
const MISSED = activity(
  {
    id: '0190a0c4-0000-7000-8000-00000000a002',
    start: at(5, 14),
    end: at(5, 14, 30),
    duration: 30,
    status: 'incomplete',
  },
  EMAIL,
);
const DONE = activity({
  id: '0190a0c4-0000-7000-8000-00000000a003',
  title: 'Staff meeting',
  start: at(3, 9),
  end: at(3, 10),
  done: true,
  status: 'done',
});

/** The November 2026 month view (26 Oct – 7 Dec) and its month of margin on each side. */
const NOVEMBER_VISIBLE: DateRange = { start: new Date(2026, 9, 26), end: new Date(2026, 11, 7) };

function rangeUrl(range: DateRange): string {
  return `/api/activities${queryString({
    calendarView: 'true',
    startDate: range.start.toISOString(),
    endDate: range.end.toISOString(),
  })}`;
}

/** Every range the calendar asked for, whichever. */
const rangeCalls = (fetchMock: FetchMock) =>
  callsTo(fetchMock, 'GET /api/activities', { anyParams: true }).filter(([input]) =>
    requestOf(input).params.has('calendarView'),
  );

/**
 * The server: the ranges of the November view answer what `activities` holds when asked (once `held` has
 * settled).
 */
function api(
  activities: Activity[],
  extra: Record<string, FetchHandler> = {},
  held: Promise<void> = Promise.resolve(),
) {
  const ranges: Record<string, FetchHandler> = {};
  for (const chunk of fetchChunks('dayGridMonth', NOVEMBER_VISIBLE)) {
    const inChunk = () =>
      activities.filter(
        (item) => Date.parse(item.start) < chunk.end.getTime() && Date.parse(item.end) > chunk.start.getTime(),
      );
    ranges[`GET ${rangeUrl(chunk)}`] = async () => {
      await held;
      return jsonResponse({
        activities: inChunk(),
        total: inChunk().length,
        needsPagination: false,
        pages: 1,
        currentPage: 1,
      });
    };
  }
  return stubFetch({
    'GET /api/configuration/channels/active': () => jsonResponse({ channels: [FACE_TO_FACE, EMAIL] }),
    ...ranges,
    ...extra,
  });
}

const CELL = 100;

/**
 * jsdom lays nothing out, and FullCalendar finds the day under the pointer from the cells' boxes: the
 * month grid's days get 100 px squares (column = weekday, row = week), and the point lookup answers the
 * day there. Enough for FullCalendar's own click and drag handling to run.
 */
function stubMonthLayout() {
  const rect = (left: number, top: number, width: number, height: number) =>
    ({
      left,
      top,
      right: left + width,
      bottom: top + height,
      width,
      height,
      x: left,
      y: top,
      toJSON: () => ({}),
    }) as DOMRect;
  const cellBox = (cell: HTMLTableCellElement) => {
    const row = cell.parentElement as HTMLTableRowElement;
    return rect(cell.cellIndex * CELL, Array.from(row.parentElement?.children ?? []).indexOf(row) * CELL, CELL, CELL);
  };
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const cell = this.closest<HTMLTableCellElement>('td.fc-daygrid-day');
    return cell === null ? rect(0, 0, 7 * CELL, 6 * CELL) : cellBox(cell);
  });
  document.elementFromPoint = (x: number, y: number) =>
    Array.from(document.querySelectorAll<HTMLTableCellElement>('td.fc-daygrid-day')).find((cell) => {
      const box = cellBox(cell);
      return x >= box.left && x < box.right && y >= box.top && y < box.bottom;
    }) ?? null;
}

/** The centre of a day's square in stubMonthLayout's grid. */
function dayCentre(date: string) {
  const cell = document.querySelector<HTMLTableCellElement>(`td.fc-daygrid-day[data-date="${date}"]`);
  if (cell === null) throw new Error(`No cell for ${date}`);
  const box = cell.getBoundingClientRect();
  return { clientX: box.left + CELL / 2, clientY: box.top + CELL / 2 };
}

function renderCalendar(path = '/calendar?view=dayGridMonth&date=2026-11-01') {
  return renderRoutes(
    [
      { path: '/calendar', element: <CalendarPage /> },
      { path: '/activities/new', element: <CurrentLocation /> },
      { path: '/activities/:id', element: <CurrentLocation /> },
    ],
    path,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  setSession('token', REP_USER);
});

const elementFromPoint = Object.getOwnPropertyDescriptor(document, 'elementFromPoint');

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (elementFromPoint === undefined) Reflect.deleteProperty(document, 'elementFromPoint');
  else Object.defineProperty(document, 'elementFromPoint', elementFromPoint);
});

describe('CalendarPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('fetches the month with a month of margin each side and shows the events in channel colours', async () => {
    const fetchMock = api([VISIT, MISSED, DONE]);
    renderCalendar();
    expect(await screen.findByTestId('calendar-title')).toHaveTextContent('November 2026');

    const visit = await screen.findByTestId(`calendar-event-${VISIT.id}`);
    expect(visit).toHaveTextContent('Visite Dr Martin');
    expect(visit).toHaveTextContent('Jean Martin');
    const visitEvent = visit.closest('.fc-event');
    // The channel's colour is the event's edge; its tint is behind the text.
    expect(visitEvent).toHaveStyle({
      borderColor: FACE_TO_FACE.color,
      backgroundColor: tint(FACE_TO_FACE.color, TINT_WHITE.active),
    });

    // No title: the channel's name; incomplete: red instead of the channel's purple.
    const missed = screen.getByTestId(`calendar-event-${MISSED.id}`);
    expect(missed).toHaveTextContent('Email');
    expect(missed.closest('.fc-event')).toHaveStyle({ borderColor: INCOMPLETE_COLOR });

    const chunks = fetchChunks('dayGridMonth', NOVEMBER_VISIBLE);
    expect(chunks).toHaveLength(5);
    for (const chunk of chunks) expect(callsTo(fetchMock, `GET ${rangeUrl(chunk)}`)).toHaveLength(1);
    expect(rangeCalls(fetchMock)).toHaveLength(5);

    const legend = screen.getByTestId('calendar-legend');
    expect(within(legend).getByText('Face to face')).toBeInTheDocument();
    expect(within(legend).getByText('Incomplete')).toBeInTheDocument();
  });

  it("shows two events a day in a phone's month, the others behind '+n'", async () => {
    const restoreScreen = emulatePhoneScreen();
    try {
      const busyDay = [9, 11, 14, 16].map((hour, index) =>
        activity({ id: `0190a0c4-0000-7000-8000-00000000b00${index}`, start: at(18, hour), end: at(18, hour + 1) }),
      );
      api(busyDay);
      renderCalendar();
      const day = await waitFor(() => {
        const cell = document.querySelector<HTMLElement>('td.fc-daygrid-day[data-date="2026-11-18"]');
        if (cell === null) throw new Error('no cell for 18 November yet');
        expect(within(cell).getByText('+2')).toBeInTheDocument();
        return cell;
      });

      const shown = [...day.querySelectorAll<HTMLElement>('.fc-daygrid-event-harness')].filter(
        (harness) => harness.style.visibility !== 'hidden',
      );
      expect(shown).toHaveLength(2);
    } finally {
      restoreScreen();
    }
  });

  it('opens the activity when its event is clicked', async () => {
    api([VISIT]);
    const { user } = renderCalendar();
    await user.click(await screen.findByTestId(`calendar-event-${VISIT.id}`));
    expect(await screen.findByText(`At /activities/${VISIT.id}`)).toBeInTheDocument();
  });

  it('lets a done activity be neither dragged nor resized, and the others both', async () => {
    api([VISIT, DONE]);
    renderCalendar();
    const visit = (await screen.findByTestId(`calendar-event-${VISIT.id}`)).closest('.fc-event');
    const done = screen.getByTestId(`calendar-event-${DONE.id}`).closest('.fc-event');
    expect(visit).toHaveClass('fc-event-draggable');
    expect(done).not.toHaveClass('fc-event-draggable');
    expect(done).not.toHaveClass('fc-event-resizable');
  });

  it('opens a new all-day activity on the clicked day of the month view', async () => {
    api([]);
    renderCalendar();
    await screen.findByTestId('calendar-legend');
    stubMonthLayout();
    const day = document.querySelector('td.fc-daygrid-day[data-date="2026-11-20"] .fc-daygrid-day-frame');
    expect(day).not.toBeNull();
    fireEvent.mouseDown(day as Element, { ...dayCentre('2026-11-20'), button: 0 });
    fireEvent.mouseUp(day as Element, { ...dayCentre('2026-11-20'), button: 0 });
    expect(
      await screen.findByText('At /activities/new?date=2026-11-20&endDate=2026-11-21&allDay=true'),
    ).toBeInTheDocument();
  });

  it('saves an event dragged to another day, with its time and length kept', async () => {
    const moved = { ...VISIT, start: at(19, 10), end: at(19, 11), updatedAt: '2026-11-02T08:00:00.000Z' };
    const stored = [VISIT];
    const fetchMock = api(stored, {
      [`PUT /api/activities/${VISIT.id}`]: () => {
        stored[0] = moved;
        return jsonResponse(moved);
      },
    });
    renderCalendar();
    const event = (await screen.findByTestId(`calendar-event-${VISIT.id}`)).closest('.fc-event') as Element;
    stubMonthLayout();
    fireEvent.mouseDown(event, { ...dayCentre('2026-11-17'), button: 0 });
    fireEvent.mouseMove(document, dayCentre('2026-11-18'));
    fireEvent.mouseMove(document, dayCentre('2026-11-19'));
    fireEvent.mouseUp(document, dayCentre('2026-11-19'));

    expect(await screen.findByText('Activity moved')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(jsonBody(put?.[1])).toEqual({ start: at(19, 10), duration: 60, allDay: false });
    await waitFor(() =>
      expect(
        document.querySelector(`td[data-date="2026-11-19"] [data-testid="calendar-event-${VISIT.id}"]`),
      ).not.toBeNull(),
    );
  });

  it("puts a dragged event back and shows the server's message when the move is refused", async () => {
    api([VISIT], {
      [`PUT /api/activities/${VISIT.id}`]: () =>
        jsonResponse({ message: 'This activity is done and locked', code: 'ACTIVITY_LOCKED' }, 409),
    });
    renderCalendar();
    const event = (await screen.findByTestId(`calendar-event-${VISIT.id}`)).closest('.fc-event') as Element;
    stubMonthLayout();
    fireEvent.mouseDown(event, { ...dayCentre('2026-11-17'), button: 0 });
    fireEvent.mouseMove(document, dayCentre('2026-11-18'));
    fireEvent.mouseMove(document, dayCentre('2026-11-19'));
    fireEvent.mouseUp(document, dayCentre('2026-11-19'));

    expect(
      await screen.findByText('Could not move the activity: This activity is done and locked'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        document.querySelector(`td[data-date="2026-11-17"] [data-testid="calendar-event-${VISIT.id}"]`),
      ).not.toBeNull(),
    );
    expect(document.querySelector(`td[data-date="2026-11-19"] [data-testid="calendar-event-${VISIT.id}"]`)).toBeNull();
  });

  it("leaves an address without a date as it is while today's month shows, and writes the month the rep moves to", async () => {
    // Only the clock is faked: today is in the month the stubbed server answers for.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 18, 12));
    try {
      api([VISIT]);
      const { user, router } = renderCalendar('/calendar?view=dayGridMonth');
      await screen.findByTestId(`calendar-event-${VISIT.id}`);
      expect(screen.getByTestId('calendar-title')).toHaveTextContent('November 2026');
      expect(router.state.location.search).toBe('?view=dayGridMonth');

      await user.click(screen.getByTestId('calendar-next'));
      expect(await screen.findByTestId('calendar-title')).toHaveTextContent('December 2026');
      await waitFor(() => {
        expect(router.state.location.search).toBe('?view=dayGridMonth&date=2026-12-01');
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('switches to the week view from the cached month, and follows previous, next and today', async () => {
    const fetchMock = api([VISIT]);
    const { user, router } = renderCalendar('/calendar?view=dayGridMonth&date=2026-11-16');
    await screen.findByTestId(`calendar-event-${VISIT.id}`);
    await waitFor(() => expect(rangeCalls(fetchMock)).toHaveLength(5));

    await user.click(screen.getByText('Week'));
    expect(await screen.findByTestId('calendar-title')).toHaveTextContent('Nov 16 – 22, 2026');
    expect(router.state.location.search).toBe('?view=timeGridWeek&date=2026-11-16');
    // The week and its margins lie inside the months just fetched: nothing is asked again.
    expect(rangeCalls(fetchMock)).toHaveLength(5);
    const visit = await screen.findByTestId(`calendar-event-${VISIT.id}`);
    expect(visit).toHaveTextContent('10:00');

    await user.click(screen.getByTestId('calendar-next'));
    expect(await screen.findByTestId('calendar-title')).toHaveTextContent('Nov 23 – 29, 2026');
    await user.click(screen.getByTestId('calendar-previous'));
    expect(await screen.findByTestId('calendar-title')).toHaveTextContent('Nov 16 – 22, 2026');
    expect(rangeCalls(fetchMock)).toHaveLength(5);
  });

  it('follows the language: French titles, buttons and views', async () => {
    api([VISIT]);
    renderCalendar();
    expect(await screen.findByTestId('calendar-title')).toHaveTextContent('November 2026');
    await i18n.changeLanguage('fr');
    expect(await screen.findByText('novembre 2026')).toBeInTheDocument();
    expect(screen.getByText('Mois')).toBeInTheDocument();
    expect(screen.getByTestId('calendar-today')).toHaveTextContent("Aujourd'hui");
    expect(screen.getByRole('columnheader', { name: 'lundi' })).toBeInTheDocument();
  });

  it('shows the legend with the calendar, not under its placeholder', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = api([VISIT], {}, held);
    const { queryClient } = renderCalendar();
    await waitFor(() => {
      expect(queryClient.getQueryState(activityKeys.channels())?.status).toBe('success');
      expect(rangeCalls(fetchMock)).toHaveLength(5);
    });
    // The channels are in, the events are not: the placeholder shows alone. (The query tells its components
    // in a later task.)
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('calendar-legend')).not.toBeInTheDocument();

    release();
    expect(await screen.findByTestId(`calendar-event-${VISIT.id}`)).toBeInTheDocument();
    expect(screen.getByTestId('calendar-legend')).toBeInTheDocument();
  });

  it('asks for the plan’s targets to schedule only once the opening events are in, and lists them beside', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = api([VISIT], { [PLAN_PATH]: () => jsonResponse({ plan: planView() }) }, held);
    renderCalendar();
    await waitFor(() => {
      expect(rangeCalls(fetchMock)).toHaveLength(5);
    });
    expect(screen.getByRole('heading', { name: 'To schedule this cycle' })).toBeInTheDocument();
    expect(callsTo(fetchMock, PLAN_PATH)).toHaveLength(0);

    release();
    expect(await screen.findByTestId(`calendar-event-${VISIT.id}`)).toBeInTheDocument();
    const list = await within(screen.getByTestId('calendar-side')).findByTestId('targets-to-schedule-list');
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(callsTo(fetchMock, PLAN_PATH)).toHaveLength(1);
    expect(screen.queryByTestId('calendar-to-schedule')).not.toBeInTheDocument();
  });

  it('keeps the screen for the calendar on a phone, the targets to schedule in a section opened on demand', async () => {
    const restoreScreen = emulatePhoneScreen();
    try {
      const fetchMock = api([VISIT], { [PLAN_PATH]: () => jsonResponse({ plan: planView() }) });
      const { user } = renderCalendar();
      expect(await screen.findByTestId(`calendar-event-${VISIT.id}`)).toBeInTheDocument();
      expect(screen.queryByTestId('calendar-side')).not.toBeInTheDocument();
      const section = screen.getByTestId('calendar-to-schedule');
      expect(section).not.toHaveAttribute('open');
      expect(callsTo(fetchMock, PLAN_PATH)).toHaveLength(0);

      await user.click(within(section).getByText('To schedule this cycle'));
      expect(section).toHaveAttribute('open');
      expect(await within(section).findByTestId('targets-to-schedule-list')).toBeInTheDocument();
    } finally {
      restoreScreen();
    }
  });

  it('opens the new activity form from the create-event button', async () => {
    api([]);
    const { user } = renderCalendar();
    await user.click(await screen.findByTestId('calendar-new-activity'));
    expect(await screen.findByText('At /activities/new')).toBeInTheDocument();
  });

  it('shows the hours from 06:00 to 22:00 in 30-minute slots in the week view', async () => {
    // The week's ranges are not stubbed: the grid is drawn whatever the events' answer.
    api([]);
    renderCalendar('/calendar?view=timeGridWeek&date=2026-11-16');
    await waitFor(() => {
      expect(document.querySelectorAll('td.fc-timegrid-slot-lane').length).toBeGreaterThan(0);
    });
    const slots = Array.from(document.querySelectorAll('td.fc-timegrid-slot-lane')).map((slot) =>
      slot.getAttribute('data-time'),
    );
    const expected = Array.from({ length: 32 }, (_, index) => {
      const minutes = 6 * 60 + index * 30;
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}:00`;
    });
    expect(slots).toEqual(expected);
  });

  it('snaps a click in the week view to the quarter hour', async () => {
    // The week grid laid out as a browser would: 100 px day columns, 20 px half-hour rows from 06:00. Set
    // before the calendar measures its rows, which it does as it draws them.
    const SLOT = 20;
    const rect = (left: number, top: number, width: number, height: number) =>
      ({
        left,
        top,
        right: left + width,
        bottom: top + height,
        width,
        height,
        x: left,
        y: top,
        toJSON: () => ({}),
      }) as DOMRect;
    const dayColumns = () => Array.from(document.querySelectorAll<HTMLElement>('td.fc-timegrid-col[data-date]'));
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const column = dayColumns().indexOf(this);
      if (column >= 0) return rect(column * CELL, 0, CELL, 32 * SLOT);
      if (this.matches('.fc-timegrid-slots tr')) {
        const row = Array.from(this.parentElement?.children ?? []).indexOf(this);
        return rect(0, row * SLOT, 7 * CELL, SLOT);
      }
      return rect(0, 0, 7 * CELL, 32 * SLOT);
    });
    // The calendar measures its rows only once they have a height.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(32 * SLOT);
    document.elementFromPoint = (x: number) => dayColumns()[Math.floor(x / CELL)] ?? null;
    api([]);
    renderCalendar('/calendar?view=timeGridWeek&date=2026-11-16');
    const wednesday = await waitFor(() => {
      const column = document.querySelector('td.fc-timegrid-col[data-date="2026-11-18"] .fc-timegrid-col-frame');
      expect(column).not.toBeNull();
      return column as Element;
    });

    // Three quarters down the 10:00 row: 10:15 with a 15-minute snap (a 30-minute one would say 10:00).
    const point = { clientX: 2 * CELL + CELL / 2, clientY: 8 * SLOT + SLOT * 0.75, button: 0 };
    fireEvent.mouseDown(wednesday, point);
    fireEvent.mouseUp(wednesday, point);
    expect(await screen.findByText(/^At \/activities\/new\?date=2026-11-18&time=10%3A15&/)).toBeInTheDocument();
  });
});
