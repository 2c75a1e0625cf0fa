/**
 * Each mail's delivery as the studio's inbox words it, from messages a real store holds in
 * every state: mailed, in a digest, held, being sent, retrying, failed; the auto-reply sent,
 * waiting, retrying, failed, skipped and why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessage } from '../../../server/services/contact/inbox-view.ts';
import type { MessageStore, NewMessage } from '../../../server/services/contact/message-store.ts';
import { openSqliteStore } from '../../../server/services/stores/open-store.ts';

let dir: string;
let store: MessageStore;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-view-'));
  store = await openSqliteStore(dir, { artistMailsPerHour: 1, autoRepliesPerHour: 10, digestIntervalMs: 60_000 });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

let sent = 0;
const fan = (overrides: Partial<NewMessage> = {}): NewMessage => ({
  name: 'Fan',
  email: `fan${(sent += 1)}@example.org`,
  message: `Message ${sent}`,
  lang: 'pt',
  ...overrides,
});
const stored = async (id: number) => {
  const found = await store.get(id);
  if (!found) throw new Error(`no message ${id}`);
  return found;
};
const view = async (id: number) => inboxMessage(await stored(id));

describe("the inbox's words for each delivery", () => {
  it('follows a single mail from being sent to mailed, then its auto-reply retried and failed', async () => {
    const { message } = await store.add(fan(), 1_000);
    expect(await view(message.id)).toMatchObject({
      artist: { state: 'sending' },
      reply: { state: 'pending', skipped: null },
      nextAttemptAt: null,
    });
    await store.markFailed(message.id, 'busy', 5_000);
    expect(await view(message.id)).toMatchObject({
      artist: { state: 'retrying' },
      reply: { state: 'pending' },
      attempts: 1,
      nextAttemptAt: new Date(5_000).toISOString(),
    });
    await store.markArtistSent(message.id, 6_000);
    await store.markFailed(message.id, 'busy', 9_000);
    expect(await view(message.id)).toMatchObject({
      artist: { state: 'mailed', deliveredAt: new Date(6_000).toISOString() },
      reply: { state: 'retrying' },
      attempts: 2,
      nextAttemptAt: new Date(9_000).toISOString(),
    });
    await store.markFailed(message.id, 'refused', 10_000, ['reply']);
    expect(await view(message.id)).toMatchObject({ reply: { state: 'failed' }, nextAttemptAt: null });
  });

  it('holds past the budget for the digest, with its time, then in the digest', async () => {
    const { message } = await store.add(fan(), 61_000);
    expect(await view(message.id)).toMatchObject({
      artist: { state: 'held' },
      reply: { state: 'pending' },
      nextAttemptAt: new Date(120_000).toISOString(),
    });
    await store.markDigestSent([message.id], 120_000);
    expect(await view(message.id)).toMatchObject({ artist: { state: 'in-digest' }, nextAttemptAt: null });
  });

  it('says when the mail to the artist failed for good, and why an auto-reply was skipped', async () => {
    const { message } = await store.add(fan({ email: 'again@example.org' }), 62_000);
    const { message: skipped } = await store.add(fan({ email: 'again@example.org' }), 63_000);
    await store.markFailed(message.id, 'refused', 64_000, ['artist']);
    expect(await view(message.id)).toMatchObject({ artist: { state: 'failed' } });
    expect(await view(skipped.id)).toMatchObject({
      reply: { state: 'skipped', skipped: 'address-replied-today' },
    });
    // Stored before the reason was kept: skipped, reason unknown.
    expect(inboxMessage({ ...(await stored(skipped.id)), replySkipReason: null }).reply).toEqual({
      state: 'skipped',
      skipped: 'unknown',
    });
  });
});
