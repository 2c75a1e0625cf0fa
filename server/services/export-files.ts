/**
 * The artist's exports of a list, from his terminal and from the studio alike: CSV safe to open
 * in a spreadsheet, and JSON with every field and text exactly.
 */
import { csvTable } from './csv.ts';

export interface ExportFiles<Row> {
  /** A header line of the columns, then one record per row, each line ended by `\n`. */
  csv: (rows: readonly Row[]) => string;
  /** Every field and text exactly as stored. */
  json: (rows: readonly Row[]) => string;
}

/** The two files of a list whose CSV holds `columns`, in this order. */
export function exportFiles<Row>(columns: readonly (keyof Row & string)[]): ExportFiles<Row> {
  return {
    csv: (rows) => csvTable(columns, rows),
    json: (rows) => `${JSON.stringify(rows, null, 2)}\n`,
  };
}
