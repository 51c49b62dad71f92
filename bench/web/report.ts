import type { LighthouseFigures } from './lighthouse.ts';
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

/** points: Lighthouse's performance score (0–100); shift: cumulative layout shift, unitless. */
type Unit = 'ms' | 'KB' | 'points' | 'shift';

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
    ms('search: last keystroke → rows in the DOM', (run) => run.search.rows, '≤ 450 ms'),
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

/** A page Lighthouse audits, and whether the demo rep is signed in when it opens. */
export type LighthousePage = { path: string; signedIn: boolean };

/** The report's Lighthouse lines: for each page, the medians of its runs' score and metrics. */
export function summariseLighthouse(pages: LighthousePage[], runs: Record<string, LighthouseFigures[]>): Row[] {
  return pages.flatMap(({ path, signedIn }) => {
    const figures = runs[path] ?? [];
    const where = `Lighthouse ${path}${signedIn ? ' (signed in)' : ''}`;
    const row = (what: string, unit: Unit, pick: (run: LighthouseFigures) => number, goal?: string): Row => ({
      what: `${where}: ${what}`,
      unit,
      figures: spread(figures.map(pick)),
      ...(goal === undefined ? {} : { goal }),
    });
    return [
      row('performance', 'points', (run) => run.score, '≥ 90'),
      row('largest contentful paint', 'ms', (run) => run.lcp),
      row('total blocking time', 'ms', (run) => run.tbt, '≤ 200 ms'),
      row('cumulative layout shift', 'shift', (run) => run.cls, '≤ 0.05'),
      row('first contentful paint', 'ms', (run) => run.fcp),
      row('speed index', 'ms', (run) => run.speedIndex),
    ];
  });
}

function format(value: number, unit: Unit): string {
  switch (unit) {
    case 'ms':
    case 'points':
      return value.toFixed(0);
    case 'KB':
      return value.toFixed(1);
    case 'shift':
      return value.toFixed(3);
  }
}

/** One version's lines, under its name (the commit), for tables that set versions side by side. */
export type Column = { label: string; rows: Row[] };

/** Each column's median and min–max of a line, side by side; the goal from the first column. */
function cells(columns: Column[], index: number): { what: string; unit: Unit; figures: string[]; goal: string } {
  const first = columns[0]?.rows[index];
  if (!first) throw new Error(`no line ${index} to report`);
  return {
    what: first.what,
    unit: first.unit,
    figures: columns.flatMap(({ rows }) => {
      const row = rows[index];
      if (row?.what !== first.what) throw new Error(`the versions' lines differ at "${first.what}"`);
      return [
        format(row.figures.median, row.unit),
        `${format(row.figures.min, row.unit)}–${format(row.figures.max, row.unit)}`,
      ];
    }),
    goal: first.goal ?? '',
  };
}

/** The versions' lines as a plain-text table for the terminal. */
export function table(columns: Column[]): string {
  const count = columns[0]?.rows.length ?? 0;
  const lines = Array.from({ length: count }, (_, index) => {
    const line = cells(columns, index);
    return [line.what, line.unit, ...line.figures, line.goal];
  });
  const header = [
    'what the rep does',
    'unit',
    ...columns.flatMap(({ label }) => (columns.length === 1 ? ['median', 'min–max'] : [label, 'min–max'])),
    'goal',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const figureColumn = (column: number) => column >= 2 && column < header.length - 1;
  const render = (cellsOfLine: string[]) =>
    cellsOfLine
      .map((cell, column) =>
        figureColumn(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ');
  return [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(render)].join('\n');
}

/** The versions' lines as a Markdown table, ready for docs/benchmarks.md (medians with the unit). */
export function markdownTable(columns: Column[]): string {
  const count = columns[0]?.rows.length ?? 0;
  const unitText = (unit: Unit) => (unit === 'ms' || unit === 'KB' ? ` ${unit}` : '');
  const lines = Array.from({ length: count }, (_, index) => {
    const line = cells(columns, index);
    const figures = line.figures.map((figure, column) =>
      column % 2 === 0 ? `${figure}${unitText(line.unit)}` : figure,
    );
    return `| ${line.what} | ${figures.join(' | ')} | ${line.goal} |`;
  });
  const header = columns.flatMap(({ label }) => (columns.length === 1 ? ['median', 'min–max'] : [label, 'min–max']));
  return [
    `| what the rep does | ${header.join(' | ')} | goal |`,
    `|---|${header.map(() => '---:').join('|')}|---|`,
    ...lines,
  ].join('\n');
}
