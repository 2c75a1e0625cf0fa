/**
 * The soak's report: one row per figure, beside what it must be, printed as a table and
 * written to perf/results/soak.json. Unlike the benchmark, the soak judges: a row marked as an
 * invariant (nothing lost, nothing sent twice, no 5xx, no crash) fails the run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Row {
  scenario: string;
  measure: string;
  figure: string;
  /** What the figure must be, in words; empty for a figure that is only reported. */
  expected: string;
  /** null when there is nothing to judge. */
  ok: boolean | null;
  /** A must-hold invariant: its failure makes `npm run soak` exit 1. */
  invariant: boolean;
}

/** A judged row. */
export const judged = (
  scenario: string,
  measure: string,
  figure: string | number,
  expected: string,
  ok: boolean,
  invariant = true,
): Row => ({
  scenario,
  measure,
  figure: String(figure),
  expected,
  ok,
  invariant,
});

/** A row that only reports a figure. */
export const reported = (scenario: string, measure: string, figure: string | number): Row => ({
  scenario,
  measure,
  figure: String(figure),
  expected: '',
  ok: null,
  invariant: false,
});

const mark = (row: Row) => (row.ok === null ? '' : row.ok ? '✓' : row.invariant ? '✗ (must hold)' : '✗');

/** The rows as a plain-text table, one scenario after another. */
export function renderTable(rows: readonly Row[]): string {
  const header = ['Scenario', 'Measure', 'Figure', 'Expected', ''];
  const lines = rows.map((row) => [row.scenario, row.measure, row.figure, row.expected, mark(row)]);
  const widths = header.map((title, column) =>
    Math.min(70, Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length))),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(' │ ')
      .trimEnd();
  return [format(header), widths.map((width) => '─'.repeat(width)).join('─┼─'), ...lines.map(format)].join('\n');
}

/** The invariants that failed. */
export const brokenInvariants = (rows: readonly Row[]) => rows.filter((row) => row.invariant && row.ok === false);

/** Writes the whole run (rows and raw figures) as JSON. */
export async function writeSoakReport(dir: string, report: object): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'soak.json');
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
