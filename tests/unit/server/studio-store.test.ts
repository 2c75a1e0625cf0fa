/**
 * The studio's store on both engines, real SQLite and real PostgreSQL: invitations used once
 * and only within a day, sessions ended past either lifetime, challenges answered once, and a
 * person removed with their passkeys and sessions. Names are arbitrary Unicode.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBothEngines } from './both-engines.ts';
import { CHALLENGE_LIFETIME_MS, INVITATION_LIFETIME_MS } from '../../../server/services/studio/lifetimes.ts';
import type { NewPasskey, StudioStore } from '../../../server/services/studio/studio-store.ts';
import { hashToken, newToken } from '../../../server/services/studio/tokens.ts';
import { openPostgresStudioStore, openSqliteStudioStore } from '../../../server/services/stores/open-studio-store.ts';

const databases = useBothEngines();

const ENGINES: Record<string, () => Promise<StudioStore>> = {
  SQLite: () => {
    const dir = databases.sqliteFolder('studio-store-');
    return openSqliteStudioStore(dir);
  },
  PostgreSQL: async () => openPostgresStudioStore(await databases.postgresDatabase()),
};

const LIFETIMES = { idleMs: 1_000, absoluteMs: 10_000 };
let credentials = 0;
const passkey = (): NewPasskey => ({
  id: `credential-${(credentials += 1)}`,
  publicKey: 'cHVibGlj',
  counter: 0,
  transports: ['internal'],
});

describe.each(Object.keys(ENGINES))('the studio store on %s', (engine) => {
  let store: StudioStore;
  beforeAll(async () => {
    store = await (ENGINES[engine] as () => Promise<StudioStore>)();
  });
  afterAll(() => store.close());

  /** A registered person, through a fresh invitation. */
  async function registered(name: string, now = 1_000) {
    const token = hashToken(newToken());
    await store.invite(name, token, now);
    const person = await store.register(token, newToken(), passkey(), now + 1);
    if (!person) throw new Error('registration failed');
    return person;
  }

  it('keeps any name as given, and lets an invitation register exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), async (raw) => {
        const name = `${raw} ${newToken()}`;
        const token = hashToken(newToken());
        await store.invite(name, token, 5_000);
        expect(await store.invitation(token, 5_001)).toBe(name);
        const person = await store.register(token, newToken(), passkey(), 5_002);
        expect(person?.name).toBe(name);
        expect(await store.register(token, newToken(), passkey(), 5_003)).toBeNull();
        expect(await store.invitation(token, 5_003)).toBeNull();
        expect((await store.personNamed(name))?.id).toBe(person?.id);
      }),
      { numRuns: 25 },
    );
  });

  it('refuses an invitation a day old, and an unknown one', async () => {
    const token = hashToken(newToken());
    await store.invite('Late', token, 0);
    expect(await store.invitation(token, INVITATION_LIFETIME_MS - 1)).toBe('Late');
    expect(await store.invitation(token, INVITATION_LIFETIME_MS)).toBeNull();
    expect(await store.register(token, newToken(), passkey(), INVITATION_LIFETIME_MS)).toBeNull();
    expect(await store.register(hashToken(newToken()), newToken(), passkey(), 1)).toBeNull();
  });

  it('refuses a second person with a name already taken, keeping nothing of the attempt', async () => {
    const first = await registered('Twice');
    const token = hashToken(newToken());
    await store.invite('Twice', token, 2_000);
    const key = passkey();
    expect(await store.register(token, newToken(), key, 2_001)).toBeNull();
    expect(await store.passkey(key.id)).toBeNull();
    expect((await store.personNamed('Twice'))?.id).toBe(first.id);
  });

  it('ends a session idle too long, or too old however busy', async () => {
    const person = await registered('Sessions');
    const idle = hashToken(newToken());
    await store.startSession(person.id, idle, 0);
    expect(await store.session(idle, LIFETIMES, 999)).toEqual(person);
    expect(await store.session(idle, LIFETIMES, 1_998)).toEqual(person);
    expect(await store.session(idle, LIFETIMES, 2_998)).toBeNull();
    expect(await store.session(idle, LIFETIMES, 2_999)).toBeNull();

    const busy = hashToken(newToken());
    await store.startSession(person.id, busy, 0);
    for (let now = 900; now < 10_000; now += 900) expect(await store.session(busy, LIFETIMES, now)).toEqual(person);
    expect(await store.session(busy, LIFETIMES, 10_000)).toBeNull();
  });

  it('ends one session, or all of a person', async () => {
    const person = await registered('Everywhere');
    const [a, b, c] = [newToken(), newToken(), newToken()].map(hashToken) as [string, string, string];
    for (const token of [a, b, c]) await store.startSession(person.id, token, 0);
    await store.endSession(a);
    expect(await store.session(a, LIFETIMES, 1)).toBeNull();
    expect(await store.session(b, LIFETIMES, 1)).toEqual(person);
    await store.endSessionsOf(person.id);
    expect(await store.session(b, LIFETIMES, 2)).toBeNull();
    expect(await store.session(c, LIFETIMES, 2)).toBeNull();
  });

  it('answers a challenge once, and not after five minutes', async () => {
    const token = hashToken(newToken());
    const pending = { challenge: 'abc', purpose: 'sign-in', subject: '' } as const;
    await store.saveChallenge(token, pending, 0);
    expect(await store.takeChallenge(token, CHALLENGE_LIFETIME_MS - 1)).toEqual(pending);
    expect(await store.takeChallenge(token, CHALLENGE_LIFETIME_MS - 1)).toBeNull();
    const late = hashToken(newToken());
    await store.saveChallenge(late, pending, 0);
    expect(await store.takeChallenge(late, CHALLENGE_LIFETIME_MS)).toBeNull();
  });

  it('records passkeys and their use, and removes a person with them and their sessions', async () => {
    const person = await registered('Removed');
    const second = passkey();
    await store.addPasskey(person.id, second, 3_000);
    await store.usePasskey(second.id, 7, 4_000);
    const found = await store.passkey(second.id);
    expect(found?.person.name).toBe('Removed');
    expect(found?.passkey).toMatchObject({ counter: 7, lastUsedMs: 4_000, createdMs: 3_000, transports: ['internal'] });
    expect((await store.passkeysOf(person.id)).length).toBe(2);
    expect((await store.people()).find((listed) => listed.name === 'Removed')?.passkeys.length).toBe(2);

    const session = hashToken(newToken());
    await store.startSession(person.id, session, 5_000);
    expect(await store.removePerson('Removed')).toBe(true);
    expect(await store.removePerson('Removed')).toBe(false);
    expect(await store.passkey(second.id)).toBeNull();
    expect(await store.session(session, LIFETIMES, 5_001)).toBeNull();
  });

  it('sweeps the sessions past either lifetime, presented again or not, and expired challenges', async () => {
    const person = await registered('Swept');
    const [idle, old, fresh] = [newToken(), newToken(), newToken()].map(hashToken) as [string, string, string];
    await store.startSession(person.id, idle, 100_000);
    // Busy until just now, but begun a whole absolute lifetime ago.
    await store.startSession(person.id, old, 91_000);
    for (let now = 91_900; now <= 100_900; now += 900) expect(await store.session(old, LIFETIMES, now)).toEqual(person);
    await store.startSession(person.id, fresh, 100_500);
    const challenge = hashToken(newToken());
    await store.saveChallenge(
      challenge,
      { challenge: 'c', purpose: 'sign-in', subject: '' },
      101_000 - CHALLENGE_LIFETIME_MS,
    );

    expect(await store.sweep(LIFETIMES, 101_000)).toBeGreaterThanOrEqual(2);
    // Gone from the table itself: even a lifetime long enough to accept them finds nothing.
    const forever = { idleMs: 1e12, absoluteMs: 1e12 };
    expect(await store.session(idle, forever, 101_000)).toBeNull();
    expect(await store.session(old, forever, 101_000)).toBeNull();
    expect(await store.session(fresh, LIFETIMES, 101_000)).toEqual(person);
    expect(await store.takeChallenge(challenge, 0)).toBeNull();
  });

  it('keeps a step-up for its session only, used once, and not past its lifetime', async () => {
    const person = await registered('Stepped');
    const [session, other] = [newToken(), newToken()].map(hashToken) as [string, string];
    await store.startSession(person.id, session, 0);
    await store.startSession(person.id, other, 0);
    expect(await store.takeStepUp(session, 1_000, 10)).toBeNull();
    await store.recordStepUp(session, 'proved', 10);
    expect(await store.takeStepUp(other, 1_000, 20)).toBeNull();
    const [first, second] = await Promise.all([
      store.takeStepUp(session, 1_000, 20),
      store.takeStepUp(session, 1_000, 20),
    ]);
    expect([first, second].sort()).toEqual(['proved', null].sort());
    await store.recordStepUp(session, 'proved', 10);
    expect(await store.takeStepUp(session, 1_000, 1_010)).toBeNull();
    expect(await store.takeStepUp(session, 1_000, 20)).toBeNull();
  });

  it('names and removes passkeys: never the last, never another person’s, ending the sessions made with one', async () => {
    const person = await registered('Keys');
    const stranger = await registered('Stranger');
    const [first] = await store.passkeysOf(person.id);
    const second = passkey();
    await store.addPasskey(person.id, second, 2_000);
    expect(await store.namePasskey(person.id, second.id, 'Laptop')).toBe(true);
    expect(await store.namePasskey(stranger.id, second.id, 'Mine')).toBe(false);
    expect((await store.passkey(second.id))?.passkey.name).toBe('Laptop');

    const [withSecond, withFirst] = [newToken(), newToken()].map(hashToken) as [string, string];
    await store.startSession(person.id, withSecond, 3_000, second.id);
    await store.startSession(person.id, withFirst, 3_000, first?.id);
    expect(await store.sessionPasskey(withSecond)).toBe(second.id);
    expect(await store.removePasskey(stranger.id, second.id)).toBe('unknown');
    expect(await store.removePasskey(person.id, second.id)).toBe('removed');
    expect(await store.passkey(second.id)).toBeNull();
    expect(await store.session(withSecond, LIFETIMES, 3_001)).toBeNull();
    expect(await store.session(withFirst, LIFETIMES, 3_001)).toEqual(person);
    expect(await store.removePasskey(person.id, first?.id ?? '')).toBe('last');

    const third = passkey();
    await store.addPasskey(person.id, third, 4_000);
    expect(await store.removeOtherPasskeys(person.id, third.id)).toBe(1);
    expect((await store.passkeysOf(person.id)).map((kept) => kept.id)).toEqual([third.id]);
    expect(await store.session(withFirst, LIFETIMES, 4_001)).toBeNull();
  });

  it('queues notices only for a person with an address, each claimed by one caller until sent', async () => {
    const silent = await registered('No address');
    expect(await store.queueNotice(silent.id, 'passkey-added', 'en', 1_000)).toBe(false);
    const person = await registered('Addressed');
    expect(await store.setEmail('Addressed', 'addressed@example.org')).toBe(true);
    expect(await store.setEmail('Nobody at all', 'x@example.org')).toBe(false);
    expect(await store.queueNotice(person.id, 'passkey-added', 'es', 1_000)).toBe(true);
    expect(await store.nextNoticeDue()).toBe(1_000);

    const claimed = await store.claimNotice(2_000, 500);
    expect(claimed).toMatchObject({ kind: 'passkey-added', email: 'addressed@example.org', lang: 'es', attempts: 0 });
    expect(await store.claimNotice(2_100, 500)).toBeNull();
    await store.retryNotice(claimed?.id ?? 0, 'refused', 3_000);
    expect(await store.claimNotice(2_900, 500)).toBeNull();
    const again = await store.claimNotice(3_000, 500);
    expect(again?.attempts).toBe(1);
    await store.dropNotice(again?.id ?? 0);
    expect(await store.nextNoticeDue()).toBeNull();
  });
});
