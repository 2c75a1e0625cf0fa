/** `npm run fans`: the artist's list and its exports, run as the real script on a real database. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFanStore } from '../../../server/services/stores/open-fan-store.ts';
import { parseCsv } from './csv-parse.ts';
import { runScript } from './run-script.ts';

let dataDir: string;

const fans = async (...args: string[]) => (await runScript('fans', args, { DATA_DIR: dataDir })).stdout;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fans-cli-'));
  const store = await openFanStore({ databaseUrl: null, dataDir });
  await store.signUp('ana@example.org', 'pt', Number.POSITIVE_INFINITY, 1_000);
  await store.signUp('bob@example.org', 'en', Number.POSITIVE_INFINITY, 2_000);
  const confirmation = await store.claimMail(3_000, 1_000);
  await store.confirm(confirmation?.token ?? '', 3_000);
  await store.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run fans', () => {
  it('lists the fans newest first, with the confirmed per language', async () => {
    const output = await fans('list');
    expect(output.indexOf('bob@example.org')).toBeLessThan(output.indexOf('ana@example.org'));
    expect(output).toMatch(/ana@example\.org {2}\[pt\] {2}CONFIRMED {2}confirmed 1970-01-01T00:00:03\.000Z/);
    expect(output).toMatch(/bob@example\.org {2}\[en\] {2}WAITING/);
    expect(output).toContain('2 on the list: confirmed pt 1, en 0, es 0; 1 waiting to confirm');
  });

  it('exports CSV and JSON with the same fans', async () => {
    const json = JSON.parse(await fans('export', '--json')) as { email: string }[];
    const csv = parseCsv(await fans('export'), ',', true);
    expect(csv.slice(1).map((row) => row[1])).toEqual(json.map((fan) => fan.email));
    expect(json.map((fan) => fan.email)).toEqual(['bob@example.org', 'ana@example.org']);
  });

  it('names its commands when given another', async () => {
    await expect(fans('everyone')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('npm run fans -- list') as string,
    });
  });
});
