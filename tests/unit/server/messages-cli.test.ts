/** `npm run messages`: the artist's list and exports, run as the real script on a real database. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../server/services/stores/open-store.ts';
import { runScript } from './run-script.ts';

let dataDir: string;

const messages = async (...args: string[]) => (await runScript('messages', args, { DATA_DIR: dataDir })).stdout;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'messages-cli-'));
  const store = await openSqliteStore(dataDir);
  const first = await store.add({ name: 'Ana', email: 'ana@example.org', message: 'Primeira', lang: 'pt' }, 1_000);
  await store.markArtistSent(first.message.id, 2_000);
  await store.add(
    { name: '=HYPERLINK("x")', email: 'bob@example.org', message: 'Second, "quoted"\nline', lang: 'en' },
    3_000,
  );
  await store.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run messages', () => {
  it('lists the messages newest first with their delivery status', async () => {
    const output = await messages();
    expect(output.indexOf('bob@example.org')).toBeLessThan(output.indexOf('ana@example.org'));
    expect(output).toMatch(/#2 .*PENDING \(0 failed attempts\)/);
    expect(output).toMatch(/#1 .*delivered 1970-01-01T00:00:02\.000Z/);
    expect(output).toContain('2 message(s).');
  });

  it('exports JSON', async () => {
    const exported = JSON.parse(await messages('--json')) as { id: number; name: string }[];
    expect(exported.map((message) => message.id)).toEqual([2, 1]);
  });

  it('exports CSV, quoted, with formulas neutralised', async () => {
    const lines = (await messages('--csv')).trim().split('\n');
    expect(lines[0]).toBe(
      '"id","createdAt","name","email","lang","message","artistStatus","replyStatus","attempts","lastError","deliveredAt","artistDigest","replySkipReason","readAt","handledAt"',
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('"Second, ""quoted""');
  });

  it('queues the failed mails again with --retry', async () => {
    const store = await openSqliteStore(dataDir);
    const { message } = await store.add(
      { name: 'Cai', email: 'cai@example.org', message: 'Falhou', lang: 'pt' },
      4_000,
    );
    await store.markFailed(message.id, 'refused', 5_000, ['artist', 'reply']);
    await store.close();
    expect(await messages()).toMatch(/#3 .*FAILED/);
    expect(await messages('--retry')).toContain('1 message(s) queued to be sent again');
    expect(await messages()).toMatch(/#3 .*PENDING \(0 failed attempts/);
    expect(await messages('--retry')).toContain('No message has a mail that failed.');
  });

  it('says so when there are no messages yet', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'messages-empty-'));
    const { stdout } = await runScript('messages', [], { DATA_DIR: empty });
    expect(stdout).toContain('No messages yet');
    rmSync(empty, { recursive: true, force: true });
  });
});
