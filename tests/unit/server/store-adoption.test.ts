/**
 * A database the stores made before Kysely, at their last version, is taken over as it is on
 * both engines: its message, session and count are there once the new stores open it, and it
 * keeps working. One left part-way by an older release is refused rather than half-used.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useBothEngines } from './both-engines.ts';
import { openNumbersStore } from '../../../server/services/stores/open-numbers-store.ts';
import { openStore, SQLITE_FILE, type StoreLocation } from '../../../server/services/stores/open-store.ts';
import { openStudioStore } from '../../../server/services/stores/open-studio-store.ts';
import { preKyselyDatabase } from './pre-kysely-schema.ts';

const databases = useBothEngines();

/** A location whose database the old code made (its messages' ledger at `version`, by default its last). */
const engines: [string, (version?: number) => Promise<StoreLocation>][] = [
  [
    'SQLite',
    async (version) => {
      const dataDir = databases.sqliteFolder('adoption-');
      const db = new DatabaseSync(join(dataDir, SQLITE_FILE));
      db.exec(preKyselyDatabase('sqlite', version));
      db.close();
      return { databaseUrl: null, dataDir };
    },
  ],
  [
    'PostgreSQL',
    async (version) => {
      const databaseUrl = await databases.postgresDatabase();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(preKyselyDatabase('postgres', version));
      await client.end();
      return { databaseUrl, dataDir: '' };
    },
  ],
];

describe.each(engines)('a %s database made before Kysely', (_engine, made) => {
  it('keeps its message, session and count, and goes on working', async () => {
    const location = await made();
    const [messages, studio, numbers] = await Promise.all([
      openStore(location),
      openStudioStore(location),
      openNumbersStore(location),
    ]);
    try {
      expect(await messages.list()).toMatchObject([{ id: 1, name: 'Old fan', lang: 'es', artistDigest: false }]);
      const added = await messages.add({ name: 'New fan', email: 'new@example.org', message: 'Hi', lang: 'pt' }, 5_000);
      expect(added.message.id).toBe(2);
      expect(await studio.session('old-session', { idleMs: 10_000, absoluteMs: 10_000 }, 2_000)).toEqual({
        id: 1,
        name: 'Ana',
      });
      await numbers.add([{ day: '2026-03-01', event: 'view', subject: '/pt/', detail: 'pt', count: 1 }], []);
      expect((await numbers.since('2026-03-01')).counts).toEqual([
        { day: '2026-03-01', event: 'view', subject: '/pt/', detail: 'pt', count: 8 },
      ]);
    } finally {
      await Promise.all([messages.close(), studio.close(), numbers.close()]);
    }
  });

  it('is refused when an older release left it part-way', async () => {
    const location = await made(3);
    await expect(openStore(location)).rejects.toThrow(/schema_migrations is at version 3/);
  });
});
