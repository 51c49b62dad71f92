import type { RunFigures } from './rep-path.ts';

/** A figure over the runs. */
export type Spread = { median: number; min: number; max: number };

export function spread(values: number[]): Spread {
  if (values.length === 0) throw new Error('no runs to summarise');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}

type Unit = 'ms' | 'KB';

/** One line of the report: what the rep does, what is measured, and its spread over the runs. */
export type Row = { what: string; unit: Unit; figures: Spread; goal?: string };

const KB = 1024;

/** The report's lines, from every run's figures. */
export function summarise(runs: RunFigures[], debounceMs: number): Row[] {
  const ms = (what: string, pick: (run: RunFigures) => number, goal?: string): Row => ({
    what,
    unit: 'ms',
    figures: spread(runs.map(pick)),
    ...(goal === undefined ? {} : { goal }),
  });
  const kb = (what: string, pick: (run: RunFigures) => number, goal?: string): Row => ({
    what,
    unit: 'KB',
    figures: spread(runs.map((run) => pick(run) / KB)),
    ...(goal === undefined ? {} : { goal }),
  });
  return [
    ms('first /login: largest contentful paint', (run) => run.login.lcp, '≤ 1,200 ms'),
    kb('first /login: JavaScript transferred', (run) => run.login.scripts.transferred, '≤ 150 KB'),
    kb('first /login: JavaScript decoded', (run) => run.login.scripts.decoded),
    ms('sign in → dashboard figures shown', (run) => run.signIn.shown),
    kb('sign in: JavaScript transferred (added)', (run) => run.signIn.scripts.transferred),
    kb(
      'first signed-in screen: JavaScript transferred since /login',
      (run) => run.signIn.scriptsSinceLogin.transferred,
      '≤ 350 KB',
    ),
    kb('first signed-in screen: JavaScript decoded since /login', (run) => run.signIn.scriptsSinceLogin.decoded),
    ms('signed-in / with an empty cache: largest contentful paint', (run) => run.signedInColdLoad.lcp),
    ms('signed-in / with an empty cache: dashboard figures shown', (run) => run.signedInColdLoad.shown),
    kb('signed-in / with an empty cache: JavaScript transferred', (run) => run.signedInColdLoad.scripts.transferred),
    kb('signed-in / with an empty cache: JavaScript decoded', (run) => run.signedInColdLoad.scripts.decoded),
    ms('/doctors reload: largest contentful paint', (run) => run.doctorsReload.lcp, '≤ 1,000 ms'),
    ms('search: last keystroke → rows in the DOM', (run) => run.search.rows),
    ms(
      `search: rows in the DOM after the ${debounceMs} ms debounce`,
      (run) => run.search.rows - debounceMs,
      '≤ 150 ms',
    ),
    ms('search: last keystroke → rows painted', (run) => run.search.painted),
    ms('tap a result → doctor shown', (run) => run.openDoctor.shown, '≤ 250 ms'),
    ms('/calendar month → first event in the DOM', (run) => run.calendar.firstEvent, '≤ 800 ms'),
    ms('slowest interaction (INP-like, Event Timing)', (run) => run.slowestInteraction.duration, '≤ 200 ms'),
    ms('reference script on the throttled page (machine speed, not the app)', (run) => run.referenceTask),
  ];
}

function format(value: number, unit: Unit): string {
  return unit === 'ms' ? value.toFixed(0) : value.toFixed(1);
}

/** The rows as a plain-text table for the terminal. */
export function table(rows: Row[]): string {
  const lines = rows.map((row) => [
    row.what,
    row.unit,
    format(row.figures.median, row.unit),
    `${format(row.figures.min, row.unit)}–${format(row.figures.max, row.unit)}`,
    row.goal ?? '',
  ]);
  const header = ['what the rep does', 'unit', 'median', 'min–max', 'goal'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const render = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column >= 2 && column <= 3 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ');
  return [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(render)].join('\n');
}

/** The rows as a Markdown table, ready for docs/benchmarks.md. */
export function markdownTable(rows: Row[]): string {
  const lines = rows.map(
    (row) =>
      `| ${row.what} | ${format(row.figures.median, row.unit)} ${row.unit} | ${format(row.figures.min, row.unit)}–${format(row.figures.max, row.unit)} | ${row.goal ?? ''} |`,
  );
  return ['| what the rep does | median | min–max | goal |', '|---|---:|---:|---|', ...lines].join('\n');
}
