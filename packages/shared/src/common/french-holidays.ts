/** The public holidays of metropolitan France (Code du travail L3133-1): eight fixed, three moving with Easter. */

const DAY_MS = 86_400_000;
const FIXED = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'];
/** Easter Monday, Ascension and Whit Monday, in days after Easter Sunday. */
const AFTER_EASTER = [1, 39, 50];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), as UTC midnight. */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

// Callers ask day after day (the demo's calendar, a filing deadline counted back): each year is computed once.
const byYear = new Map<number, { list: readonly string[]; set: ReadonlySet<string> }>();

function holidaysOf(year: number) {
  let holidays = byYear.get(year);
  if (!holidays) {
    const easter = easterSunday(year);
    const list = [
      ...FIXED.map((monthDay) => `${year}-${monthDay}`),
      ...AFTER_EASTER.map((days) => new Date(easter + days * DAY_MS).toISOString().slice(0, 10)),
    ].sort();
    holidays = { list, set: new Set(list) };
    byYear.set(year, holidays);
  }
  return holidays;
}

/** The year's public holidays, YYYY-MM-DD, in order. */
export function frenchPublicHolidays(year: number): readonly string[] {
  return holidaysOf(year).list;
}

/** Monday to Friday and not a public holiday (a French working day, jour ouvré); `date` is YYYY-MM-DD. */
export function isFrenchWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidaysOf(Number(date.slice(0, 4))).set.has(date);
}
