/**
 * One suite, both engines: the fans' list in SQLite (a temporary folder) and in a real
 * PostgreSQL server, each opened twice as two instances share it. A crowd of sign-ups for one
 * mailbox queues one mail; two instances claiming the queue send each mail once; links expire;
 * leaving keeps only a hash.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/lib/languages.ts';
import {
  CONFIRM_VALID_MS,
  goneHash,
  UNCONFIRMED_KEPT_MS,
  type FanStore,
} from '../../../server/services/fans/fan-store.ts';
import type { FanMail } from '../../../server/services/fans/fan-mail-queue.ts';
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
    await store.finishMail(mail, 'sent');
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
        for (let n = 0; n < 400; n += 100) {
          await Promise.all(
            Array.from({ length: 100 }, (_, k) => first.signUp(`fan${n + k}@example.org`, 'en', UNLIMITED, now)),
          );
        }
        const [a, b] = await Promise.all([claimAll(first, now), claimAll(second, now)]);
        const ids = [...a, ...b].map((mail) => mail.id);
        expect(ids).toHaveLength(400);
        expect(new Set(ids).size).toBe(400);
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

  it('forgets an address never confirmed thirty days after its last confirmation mail, and keeps the confirmed', () =>
    withPair(async (first) => {
      const now = Date.now();
      await first.signUp('never@example.org', 'pt', UNLIMITED, now);
      await first.signUp('confirmed@example.org', 'en', UNLIMITED, now);
      const mails = await claimAll(first, now);
      await first.confirm(mails.find((mail) => mail.email === 'confirmed@example.org')?.token ?? '', now);
      expect(await first.forgetUnconfirmed(now + UNCONFIRMED_KEPT_MS - 1)).toBe(0);
      expect(await first.forgetUnconfirmed(now + UNCONFIRMED_KEPT_MS + 1)).toBe(1);
      expect((await first.list()).map((fan) => fan.email)).toEqual(['confirmed@example.org']);
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

describe.each(engines)('the announcements in %s', (_engine, openPair) => {
  const texts = {
    pt: { subject: 'Música nova', text: 'Ouça.', link: 'https://example.org/pt/music/x' },
    en: { subject: 'New music', text: 'Listen.', link: 'https://example.org/en/music/x' },
    es: { subject: 'Música nueva', text: 'Escucha.', link: 'https://example.org/es/music/x' },
  };
  const always = () => true;

  /** `count` confirmed fans, through sign-up and confirmation, their mails sent. */
  async function confirmedFans(store: FanStore, count: number, now: number) {
    for (let n = 0; n < count; n += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, count - n) }, (_, k) =>
          store.signUp(`fan${n + k}@example.org`, LANGUAGES[(n + k) % 3] ?? 'pt', UNLIMITED, now),
        ),
      );
    }
    for (const mail of await claimAll(store, now)) await store.confirm(mail.token, now);
    await claimAll(store, now);
  }

  it('mails each confirmed fan once in their language, at the pace asked, whichever instance sends', async () => {
    const [first, second] = await openPair();
    try {
      const now = Date.now();
      await confirmedFans(first, 120, now);
      const id = await first.announcements.create({ release: null, texts, sendAtMs: now, afterRelease: false }, now);
      const [a, b] = await Promise.all([
        first.announcements.startDue(now, 10, always),
        second.announcements.startDue(now, 10, always),
      ]);
      expect(a + b).toBe(1);
      // The pace: the n-th mail is due n intervals after the first, so the last waits 1,190 ms.
      const [x, y] = await Promise.all([claimAll(first, now + 1189), claimAll(second, now + 1189)]);
      expect(x.length + y.length).toBe(119);
      const last = await claimAll(second, now + 1190);
      const mails = [...x, ...y, ...last];
      expect(new Set(mails.map((mail) => mail.fanId)).size).toBe(120);
      for (const mail of mails) expect(mail.announcement?.texts).toEqual(texts[mail.lang]);
      const [listed] = await first.announcements.list();
      expect(listed).toMatchObject({ id, state: 'sent', total: 120, sent: 120, refused: 0, failed: 0, waiting: 0 });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  }, 60_000);

  it('counts a refusal and a give-up in the progress, and marks the refused fan', async () => {
    const [store, other] = await openPair();
    try {
      const now = Date.now();
      await confirmedFans(store, 3, now);
      await store.announcements.create({ release: null, texts, sendAtMs: now, afterRelease: false }, now);
      await store.announcements.startDue(now, 0, always);
      const [refused, failed, sent] = [
        await store.claimMail(now, LEASE_MS),
        await store.claimMail(now, LEASE_MS),
        await store.claimMail(now, LEASE_MS),
      ];
      if (!refused || !failed || !sent) throw new Error('three mails were due');
      await store.finishMail(refused, 'refused', 'SMTP 550 at RCPT TO: no such user');
      expect((await store.announcements.list())[0]).toMatchObject({ state: 'sending', refused: 1, waiting: 2 });
      await store.finishMail(failed, 'failed');
      await store.finishMail(sent, 'sent');
      expect((await other.announcements.list())[0]).toMatchObject({
        state: 'sent',
        sent: 1,
        refused: 1,
        failed: 1,
        waiting: 0,
      });
      expect((await store.counts()).refused).toBe(1);
    } finally {
      await Promise.all([store.close(), other.close()]);
    }
  });

  it('waits for its moment and for the release to be out, and can be cancelled until it starts', async () => {
    const [store, other] = await openPair();
    try {
      const now = Date.now();
      await confirmedFans(store, 2, now);
      const atRelease = await store.announcements.create(
        { release: 'new-ep', texts, sendAtMs: now + 1000, afterRelease: true },
        now,
      );
      const cancelled = await store.announcements.create(
        { release: null, texts, sendAtMs: now + 5000, afterRelease: false },
        now,
      );
      expect(await store.announcements.nextStart(now)).toBe(now + 1000);
      expect(await store.announcements.startDue(now + 999, 0, always)).toBe(0);
      // Its moment passed, but the served site is still the one built before it.
      let out = false;
      const asked: [string, number][] = [];
      const isOut = (release: string, sendAtMs: number) => {
        asked.push([release, sendAtMs]);
        return out;
      };
      expect(await store.announcements.startDue(now + 1000, 0, isOut)).toBe(0);
      expect(asked).toEqual([['new-ep', now + 1000]]);
      expect(await store.announcements.nextStart(now + 1000)).toBe(now + 5000);
      out = true;
      expect(await other.announcements.startDue(now + 1001, 0, isOut)).toBe(1);
      expect(await store.announcements.cancel(atRelease)).toBe(false);
      expect(await store.announcements.cancel(cancelled)).toBe(true);
      expect(await store.announcements.startDue(now + 5000, 0, always)).toBe(0);
      const states = Object.fromEntries((await store.announcements.list()).map((each) => [each.id, each.state]));
      expect(states).toEqual({ [atRelease]: 'sending', [cancelled]: 'cancelled' });
    } finally {
      await Promise.all([store.close(), other.close()]);
    }
  });
});
