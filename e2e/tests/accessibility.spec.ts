import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN_EMAIL } from '@crm/shared';
import { signInAs } from './helpers';

/*
 * axe-core's WCAG 2.1 A and AA rules on every screen, in both languages, on a desktop, and on a 390 px phone
 * for the screens whose phone layout is drawn by other components (issue 29, docs/accessibility.md). A serious
 * or critical violation fails the test, with the rule, the screen and the elements. axe is deterministic on a
 * settled page: this is a test, not a benchmark.
 *
 * Elsewhere a phone gets the desktop's components, restyled (stacked columns, table columns left out, CSS
 * media queries), which this walk does not scan twice (decision 0054). The phone's shell (AppHeader's compact
 * controls, the menu closed in a drawer) is on every phone screen scanned.
 */

const SIZES = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const REP = 'rep@demo-crm.fr';
const LIST_ITEMS = '.ant-table-row, .ant-list-item, .ant-timeline-item';

type Screen = {
  name: string;
  path: (ids: DemoIds) => string;
  ready: (page: Page) => Promise<void>;
  /** The component that draws the screen otherwise on a phone (useIsPhone); without it, desktop only. */
  phone?: string;
};
/** The demo rep's records; `activityDay` is the day of `activity` on the page's clock, where the calendar opens. */
type DemoIds = { doctor: string; office: string; activity: string; activityDay: string; user: string };
type Finding = { screen: string; rule: string; impact: string; help: string; targets: string[] };

/**
 * A page is judged once its data is on it and nothing moves: no skeleton or spinner left, and no opening
 * animation under way (a dialog fading in has, for a moment, text too faint to read).
 */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) => animation.playState === 'running')
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

function showing(selector: string) {
  return async (page: Page) => {
    await expect(page.locator(selector).first()).toBeVisible();
    await settled(page);
  };
}

const DIRECTORY_SCREENS: Screen[] = [
  { name: 'dashboard', path: () => '/', ready: settled },
  { name: 'plan', path: () => '/plan', ready: showing('[data-testid="plan-targets"]') },
  { name: 'doctors', path: () => '/doctors', ready: settled, phone: 'RecentDoctorsPanel' },
  {
    name: 'doctor search',
    path: () => '/doctors',
    ready: async (page) => {
      await page.getByTestId('doctor-search-input').fill('mar');
      await showing(LIST_ITEMS)(page);
    },
    phone: 'DoctorSearchResults',
  },
  { name: 'doctor', path: (ids) => `/doctors/${ids.doctor}`, ready: showing('h1, h2') },
  { name: 'new doctor', path: () => '/doctors/new', ready: showing('form') },
  { name: 'consent', path: (ids) => `/doctors/${ids.doctor}/signatures`, ready: showing('canvas') },
  { name: 'offices', path: () => '/offices', ready: showing(LIST_ITEMS), phone: 'OfficeTable' },
  { name: 'office', path: (ids) => `/offices/${ids.office}`, ready: settled },
];

const ACTIVITY_SCREENS: Screen[] = [
  { name: 'activities', path: () => '/activities', ready: showing(LIST_ITEMS) },
  { name: 'new activity', path: () => '/activities/new', ready: showing('form') },
  { name: 'activity', path: (ids) => `/activities/${ids.activity}`, ready: showing('form') },
  // On the activity's day: a phone opens on one day, which today may have no event (a Saturday).
  {
    name: 'calendar',
    path: (ids) => `/calendar?date=${ids.activityDay}`,
    ready: showing('.fc-event'),
    phone: 'ActivityCalendar',
  },
  {
    name: 'calendar week',
    path: (ids) => `/calendar?date=${ids.activityDay}`,
    ready: async (page) => {
      await page
        .getByTestId('calendar-views')
        .getByText(/^(Semaine|Week)$/)
        .click();
      await showing('.fc-timegrid-slot')(page);
    },
    phone: 'ActivityCalendar',
  },
  { name: 'sync queue', path: () => '/sync', ready: settled },
  { name: 'mailbox', path: () => '/emails', ready: settled, phone: 'MailboxPage' },
  { name: 'composer', path: () => '/emails?compose=1', ready: showing('[role="dialog"]') },
  { name: 'account', path: () => '/account', ready: showing('[data-testid="account-session"]') },
];

const ADMIN_SCREENS: Screen[] = [
  { name: 'users', path: () => '/users', ready: showing(LIST_ITEMS) },
  { name: 'user', path: (ids) => `/users/${ids.user}`, ready: showing('h1, h2') },
  { name: 'audit log', path: () => '/logs', ready: showing(LIST_ITEMS), phone: 'LogTable' },
  { name: 'campaigns', path: () => '/campaigns', ready: settled, phone: 'PastCampaigns' },
  { name: 'configuration', path: () => '/configuration', ready: showing(LIST_ITEMS), phone: 'EntryTab' },
  { name: 'transparency', path: () => '/transparency', ready: showing('[data-testid="declaration-lines"]') },
  { name: 'directory import', path: () => '/directory-import', ready: settled },
  { name: 'cycles', path: () => '/cycles', ready: showing('[data-testid="cycles-table"]'), phone: 'CyclesList' },
];

/**
 * Opens the screen as the app's own links do, without loading the app again (a full load per screen would
 * double the suite's time): React Router follows the history's popstate.
 */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

async function findings(page: Page, screen: string): Promise<Finding[]> {
  // Only the violations come back: the passes of a busy calendar are most of axe's time.
  const result = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

function report(all: Finding[]): string {
  return all
    .map(
      (finding) =>
        `${finding.screen}: ${finding.rule} (${finding.impact}, ${finding.targets.length}): ${finding.help}\n    ${finding.targets.slice(0, 5).join('\n    ')}`,
    )
    .join('\n');
}

async function demoIds(page: Page): Promise<DemoIds> {
  return page.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
    const get = async <T>(url: string) => {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    const [offices, activities] = await Promise.all([
      get<{ offices: { id: string }[] }>('/api/offices?limit=10'),
      get<{ activities: { id: string; doctorId: string; start: string }[] }>('/api/activities?limit=10'),
    ]);
    const me = JSON.parse(localStorage.getItem('user') ?? '{}') as { id: string };
    const [activity] = activities.activities;
    const [office] = offices.offices;
    if (activity === undefined || office === undefined) throw new Error('the demo rep has no activity or office');
    const start = new Date(activity.start);
    const activityDay = [start.getFullYear(), start.getMonth() + 1, start.getDate()]
      .map((part) => String(part).padStart(2, '0'))
      .join('-');
    return { doctor: activity.doctorId, office: office.id, activity: activity.id, activityDay, user: me.id };
  });
}

type Group = { name: string; account: string; screens: Screen[]; signInPage?: boolean };

/** Three walks a language and size, each well within a test's minute. */
const GROUPS: Group[] = [
  { name: 'sign-in and directory', account: REP, screens: DIRECTORY_SCREENS, signInPage: true },
  { name: 'activities, calendar and mail', account: REP, screens: ACTIVITY_SCREENS },
  { name: 'administration', account: DEMO_ADMIN_EMAIL, screens: ADMIN_SCREENS },
];

for (const language of ['fr', 'en'] as const) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const group of GROUPS) {
      test(`no serious accessibility violation in ${language} on a ${size}: ${group.name}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
        const all: Finding[] = [];

        const isPhone = size === 'phone';
        // The sign-in page is one component at every width (sign-in.css restyles it).
        if (group.signInPage === true && !isPhone) {
          await page.goto('/login');
          await expect(page.getByRole('button', { name: /^(se connecter|log in)$/i })).toBeVisible();
          all.push(...(await findings(page, 'login')));
        }

        // The demo rep's records, which the administrator's screens open too (a user's page: the rep's).
        await signInAs(page, REP);
        const ids = await demoIds(page);
        if (group.account !== REP) await signInAs(page, group.account);
        for (const screen of group.screens.filter((each) => !isPhone || each.phone !== undefined)) {
          await test.step(screen.name, async () => {
            await navigate(page, screen.path(ids));
            await screen.ready(page);
            all.push(...(await findings(page, screen.name)));
          });
        }

        expect(all, report(all)).toEqual([]);
      });
    }
  }
}
