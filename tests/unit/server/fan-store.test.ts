/**
 * One suite, both engines: the fans' list in SQLite (a temporary folder) and in a real
 * PostgreSQL server, each opened twice as two instances share it. A crowd of sign-ups for one
 * mailbox queues one mail; two instances claiming the queue send each mail once; links expire;
 * leaving keeps only a hash.
 */
import { describe, expect, it } from 'vitest';
import { CONFIRM_VALID_MS, goneHash, type FanMail, type FanStore } from '../../../server/services/fans/fan-store.ts';
import { openFanStore } from '../../../server/services/stores/open-fan-store.ts';
import { useBothEngines } from './both-engines.ts';

const databases = useBothEngines();

const engines: [string, () => Promise<[FanStore, FanStore]>][] = [
  [
    'SQLite',
    async () => {
      const location = { databaseUrl: null, dataDir: databases.sqliteFolder('fans-test-') };
      return [await openFanStore(location), await openFanStore(location)];
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const location = { databaseUrl: await databases.postgresDatabase(), dataDir: '' };
      return Promise.all([openFanStore(location), openFanStore(location)]);
    },
  ],
];

const UNLIMITED = Number.POSITIVE_INFINITY;
const LEASE_MS = 60_000;

/** Every mail one instance can claim now, each dropped as sent. */
async function claimAll(store: FanStore, now: number): Promise<FanMail[]> {
  const claimed: FanMail[] = [];
  for (let mail = await store.claimMail(now, LEASE_MS); mail; mail = await store.claimMail(now, LEASE_MS)) {
    claimed.push(mail);
    await store.dropMail(mail.id);
  }
  return claimed;
}

describe.each(engines)('the fans in %s', (_engine, openPair) => {
  const withPair = async (test: (first: FanStore, second: FanStore) => Promise<void>) => {
    const [first, second] = await openPair();
    try {
      await test(first, second);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  };

  it('queues one confirmation mail for a crowd of sign-ups of one mailbox, from two instances', () =>
    withPair(async (first, second) => {
      const now = Date.now();
      const spellings = ['crowd@gmail.com', 'Crowd+a@gmail.com', 'c.r.o.w.d@googlemail.com', 'CROWD@GMAIL.COM'];
      const outcomes = await Promise.all(
        Array.from({ length: 24 }, (_, n) =>
          (n % 2 ? first : second).signUp(spellings[n % spellings.length] ?? '', 'pt', UNLIMITED, now),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'queued')).toHaveLength(1);
      expect(new Set(outcomes)).toEqual(new Set(['queued', 'recently-asked']));
      expect((await first.counts()).waiting).toBe(1);
    }));

  it(
    'sends each mail of a thousand once when two instances claim the queue together',
    () =>
      withPair(async (first, second) => {
        const now = Date.now();
        for (let n = 0; n < 1000; n += 100) {
          await Promise.all(
            Array.from({ length: 100 }, (_, k) => first.signUp(`fan${n + k}@example.org`, 'en', UNLIMITED, now)),
          );
        }
        const [a, b] = await Promise.all([claimAll(first, now), claimAll(second, now)]);
        const ids = [...a, ...b].map((mail) => mail.id);
        expect(ids).toHaveLength(1000);
        expect(new Set(ids).size).toBe(1000);
        expect(await first.nextMailDue()).toBeNull();
      }),
    60_000,
  );

  it('confirms within seven days only, once, with one welcome', () =>
    withPair(async (first, second) => {
      const now = Date.now();
      await first.signUp('late@example.org', 'es', UNLIMITED, now);
      await first.signUp('early@example.org', 'en', UNLIMITED, now);
      const [late, early] = await claimAll(first, now);
      expect(await first.confirm(late?.token ?? '', now + CONFIRM_VALID_MS)).toBeNull();
      const confirmations = await Promise.all([
        first.confirm(early?.token ?? '', now + 1000),
        second.confirm(early?.token ?? '', now + 1000),
      ]);
      expect(confirmations).toEqual([{ lang: 'en' }, { lang: 'en' }]);
      const welcomes = await claimAll(second, now + 1000);
      expect(welcomes.map((mail) => [mail.kind, mail.email])).toEqual([['welcome', 'early@example.org']]);
      expect((await first.counts()).confirmed).toEqual({ pt: 0, en: 1, es: 0 });
    }));

  it('keeps only a hash of a mailbox that left, and drops its waiting mails', () =>
    withPair(async (first) => {
      const now = Date.now();
      await first.signUp('leaving@example.org', 'pt', UNLIMITED, now);
      const [mail] = await claimAll(first, now);
      await first.confirm(mail?.token ?? '', now);
      expect(await first.leave(mail?.token ?? '', now)).toEqual({ lang: 'pt' });
      expect(await first.nextMailDue()).toBeNull();
      expect(await first.hasLeft('Leaving+x@example.org')).toBe(true);
      expect(goneHash('leaving@example.org')).not.toContain('leaving');
      expect(await first.counts()).toEqual({ waiting: 0, confirmed: { pt: 0, en: 0, es: 0 }, refused: 0 });
      // Signing up again is their choice to make: a new confirmation, and the hash goes once confirmed.
      expect(await first.signUp('leaving@example.org', 'pt', UNLIMITED, now + 1)).toBe('queued');
      const [again] = await claimAll(first, now + 1);
      await first.confirm(again?.token ?? '', now + 2);
      expect(await first.hasLeft('leaving@example.org')).toBe(false);
    }));

  it('stops at the hour’s budget of confirmation mails, and mails a waiting mailbox again a day later', () =>
    withPair(async (first) => {
      const now = Date.now();
      expect(await first.signUp('one@example.org', 'pt', 2, now)).toBe('queued');
      expect(await first.signUp('two@example.org', 'pt', 2, now)).toBe('queued');
      expect(await first.signUp('three@example.org', 'pt', 2, now)).toBe('over-budget');
      const day = 24 * 60 * 60 * 1000;
      expect(await first.signUp('one@example.org', 'pt', 2, now + day - 1)).toBe('recently-asked');
      expect(await first.signUp('one@example.org', 'en', 2, now + day)).toBe('queued');
    }));
});
