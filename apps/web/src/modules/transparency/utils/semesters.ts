import { SEMESTER_PATTERN, semesterOf } from '@crm/shared';
import { i18n } from '@/lib/i18n';

/** The semesters an administrator may pick: this one and those before, as far back as the data stay published. */
export function recentSemesters(today: string, count = 10): string[] {
  const semesters: string[] = [];
  let [year, half] = semesterOf(today).split('-S').map(Number) as [number, number];
  for (let index = 0; index < count; index += 1) {
    semesters.push(`${year}-S${half}`);
    if (half === 2) half = 1;
    else [year, half] = [year - 1, 2];
  }
  return semesters;
}

/** "2026 – 1st semester (January to June)" in the user's language; what is not a semester, as it is. */
export function semesterLabel(semester: string): string {
  const match = SEMESTER_PATTERN.exec(semester);
  if (match === null) return semester;
  return i18n.t(match[2] === '1' ? 'transparency.admin.firstSemester' : 'transparency.admin.secondSemester', {
    year: match[1],
  });
}

/** Today as YYYY-MM-DD on the user's calendar. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
