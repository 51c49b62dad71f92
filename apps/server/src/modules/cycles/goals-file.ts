import { MAX_GOAL } from '@crm/shared';

/**
 * Reading a CSV of goals (POST /api/cycles/{id}/plans/import): a header naming the columns, `;` or `,` between
 * fields (a French spreadsheet writes `;`), fields optionally in double quotes. Each line is checked on its own;
 * what needs the database (the rep, the doctor, the channel) is checked by the service.
 */

export const GOAL_COLUMNS = ['email', 'rpps', 'channel', 'goal', 'cap'] as const;
const REQUIRED = ['email', 'rpps', 'channel', 'goal'] as const;

export type GoalLine = {
  line: number;
  text: string;
  email: string;
  rpps: string;
  channel: string;
  goal: number;
  cap: number | null;
};
export type LineFault = { line: number; text: string; error: string };
export type GoalsFile = { lines: GoalLine[]; faults: LineFault[]; read: number } | { header: string };

/** The fields of one line, unquoting "…" ("" inside is a quote). */
function fields(text: string, separator: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === separator) {
      out.push(field.trim());
      field = '';
    } else field += char;
  }
  out.push(field.trim());
  return out;
}

const wholeNumber = (text: string): number | null => (/^\d{1,3}$/.test(text) ? Number(text) : null);

export function readGoalsFile(csv: string): GoalsFile {
  const rows = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerText = rows[0] ?? '';
  const separator = headerText.includes(';') ? ';' : ',';
  const header = fields(headerText, separator).map((name) => name.toLowerCase());
  if (!REQUIRED.every((name) => header.includes(name))) return { header: 'cycles.import.header' };
  const at = (name: (typeof GOAL_COLUMNS)[number]) => header.indexOf(name);
  const lines: GoalLine[] = [];
  const faults: LineFault[] = [];
  let read = 0;
  for (let index = 1; index < rows.length; index += 1) {
    const text = rows[index] ?? '';
    if (text.trim() === '') continue;
    read += 1;
    const line = index + 1;
    const values = fields(text, separator);
    if (values.length !== header.length) {
      faults.push({ line, text, error: 'cycles.import.columns' });
      continue;
    }
    const value = (name: (typeof GOAL_COLUMNS)[number]) => (at(name) === -1 ? '' : (values[at(name)] ?? ''));
    const goal = wholeNumber(value('goal'));
    if (goal === null || goal > MAX_GOAL) {
      faults.push({ line, text, error: 'cycles.import.invalidGoal' });
      continue;
    }
    const capText = value('cap');
    const cap = capText === '' ? null : wholeNumber(capText);
    if (capText !== '' && (cap === null || cap < goal || cap > MAX_GOAL)) {
      faults.push({ line, text, error: 'cycles.import.invalidCap' });
      continue;
    }
    lines.push({
      line,
      text,
      email: value('email').toLowerCase(),
      rpps: value('rpps'),
      channel: value('channel'),
      goal,
      cap,
    });
  }
  return { lines, faults, read };
}
