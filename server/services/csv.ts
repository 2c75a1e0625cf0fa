/**
 * CSV as the artist's exports write it and his imports read it: every cell quoted (RFC 4180),
 * safe to open in a spreadsheet, and read back whether a spreadsheet split it on `,` or `;`.
 */

/**
 * Where a spreadsheet may start a cell that runs as a formula: the cell's start, after a `;`
 * (spreadsheets in pt-BR and much of Europe split CSV on it, and some take a quote in the
 * middle of a field literally) or after a line break; spaces and quotes in front do not
 * stop it. An apostrophe goes in front of the = + - @ TAB or CR there; the JSON exports keep
 * the text exactly.
 */
const FORMULA_START = /(^|[;\r\n])([\s"]*)(?=[=+\-@\t\r])/g;

/** Every cell quoted, so a `,` or `;` inside one never splits it where quotes are read. */
function csvCell(value: string | number | boolean | null): string {
  const text = (value === null ? '' : String(value)).replace(FORMULA_START, "$1$2'");
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows as CSV: a header line of the columns, then one record per row, each line ended by `\n`. */
export function csvTable<Row>(columns: readonly (keyof Row & string)[], rows: readonly Row[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows)
    lines.push(columns.map((column) => csvCell(row[column] as string | number | boolean | null)).join(','));
  return `${lines.join('\n')}\n`;
}

/**
 * The records of a CSV text: quoted fields with doubled quotes inside, CRLF or LF line ends,
 * and `;` as the separator when the first line holds more of them than commas.
 */
export function csvRecords(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g) ?? []).length > (firstLine.match(/,/g) ?? []).length ? ';' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text.charAt(i + 1) === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text.charAt(i + 1) === '\n') i += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}
