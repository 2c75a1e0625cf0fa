/** `npm run studio`: inviting, listing and revoking people, run as the real script on a real database. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/services/studio/tokens.ts';
import { openSqliteStudioStore } from '../../../server/services/stores/open-studio-store.ts';
import { runScript } from './run-script.ts';

let dataDir: string;

/** The script's output and exit code. */
async function studio(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await runScript('studio', args, {
      DATA_DIR: dataDir,
      STUDIO_ORIGIN: 'https://studio.example',
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'studio-cli-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each step starts the script as its own process, which loads the query builder and opens the
// database: a few of them take longer than one test's default allowance on a busy machine.
describe('npm run studio', { timeout: 20_000 }, () => {
  it('prints an invitation link with the token in the fragment, usable once for the name', async () => {
    const { stdout, code } = await studio('invite', 'André Moura');
    expect(code).toBe(0);
    const token = /https:\/\/studio\.example\/studio\/#invitation=([A-Za-z0-9_-]{43})$/m.exec(stdout)?.[1] ?? '';
    expect(token).not.toBe('');
    const store = await openSqliteStudioStore(dataDir);
    try {
      expect(await store.invitation(hashToken(token))).toBe('André Moura');
      expect(
        await store.register(hashToken(token), 'aGFuZGxl', {
          id: 'key-1',
          publicKey: 'a2V5',
          counter: 0,
          transports: [],
        }),
      ).not.toBeNull();
    } finally {
      await store.close();
    }
  });

  it('lists people with their passkeys, and refuses to invite someone who can already sign in', async () => {
    const listed = await studio('list');
    expect(listed.stdout).toMatch(/^André Moura {2}\(since \d{4}-\d\d-\d\d \d\d:\d\d; no address for notices\)$/m);
    expect(listed.stdout).toMatch(/passkey key-1… {2}created .*, last used never/);
    const again = await studio('invite', 'André Moura');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('can already sign in');
  });

  it('sets and forgets the address a new passkey is announced to; a passkey’s name is listed escaped', async () => {
    const set = await studio('email', 'André', 'Moura', 'andre@example.org');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('announced to andre@example.org');
    const store = await openSqliteStudioStore(dataDir);
    try {
      const person = await store.personNamed('André Moura');
      expect(person?.email).toBe('andre@example.org');
      await store.namePasskey(person?.id ?? 0, 'key-1', 'Phone\u001b[31m');
    } finally {
      await store.close();
    }
    const listed = (await studio('list')).stdout;
    expect(listed).toContain('andre@example.org');
    expect(listed).toContain('"Phone\\x1B[31m"');
    expect(listed).not.toContain('\u001b');
    expect((await studio('email', 'André Moura', '-')).code).toBe(0);
    expect((await studio('list')).stdout).toContain('no address for notices');
    for (const args of [['email', 'André Moura', 'not-an-address'], ['email']])
      expect((await studio(...args)).code).toBe(2);
    const unknown = await studio('email', 'Nobody', 'a@example.org');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Nobody is named Nobody');
  });

  it('revokes a person, and says so when nobody has the name', async () => {
    expect((await studio('revoke', 'André Moura')).code).toBe(0);
    expect((await studio('list')).stdout).toContain('Nobody can sign in yet');
    const unknown = await studio('revoke', 'André Moura');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Nobody is named André Moura');
  });

  it('explains its usage with exit code 2', async () => {
    for (const args of [[], ['invite'], ['frobnicate'], ['invite', 'two\nlines']]) {
      const { code, stderr } = await studio(...args);
      expect(code).toBe(2);
      expect(stderr).toMatch(/npm run studio|one line/);
    }
  });

  it('names a wrong configuration', async () => {
    const { code, stderr } = await runScript('studio', ['list'], {
      DATA_DIR: dataDir,
      STUDIO_ORIGIN: 'ftp://nope',
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(code).toBe(1);
    expect(stderr).toContain('STUDIO_ORIGIN');
  });
});
