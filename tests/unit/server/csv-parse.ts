/** Reading a CSV export back as spreadsheets do, for the tests of the exports. */

/**
 * Splits CSV text as a spreadsheet would: `strict` opens a quoted field only at a field's
 * start and takes what follows its closing quote literally; otherwise any quote toggles.
 */
export function parseCsv(text: string, delimiter: string, strict: boolean): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"' && (fieldStart || !strict)) {
      quoted = true;
    } else if (char === delimiter || char === '\n') {
      row.push(cell);
      cell = '';
      if (char === '\n') {
        rows.push(row);
        row = [];
      }
      fieldStart = true;
      continue;
    } else if (char !== '\r' || text[i + 1] !== '\n') {
      cell += char;
    }
    fieldStart = false;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** What a spreadsheet runs: a cell starting with = + - @, or a tab or CR before one. */
export const FORMULA = /^[\s"]*[=+\-@]/;
