/**
 * The fans' list as `app.fans`: its store beside the contact messages and the outbox that
 * sends its mails, closed after the mail in progress when the app closes. Null while the data
 * folder cannot be used: the sign-up then answers 503, and the pages never notice.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import { configuredMailer } from '../services/contact/configured-mailer.ts';
import type { Mailer } from '../services/contact/mailer.ts';
import { startFanOutbox } from '../services/fans/fan-outbox.ts';
import { buildStartedAt } from '../services/publish/build-folders.ts';
import type { FanStore } from '../services/fans/fan-store.ts';
import type { QueueRunner } from '../services/queue-runner.ts';
import { openFanStore } from '../services/stores/open-fan-store.ts';
import { openOrNull, storeLocation } from '../services/stores/open-store.ts';

export interface Fans {
  store: FanStore;
  outbox: QueueRunner;
  /** Sends the artist's test copy of an announcement now, outside the queue. */
  mailer: Pick<Mailer, 'sendFanMail'>;
  /** The public site's origin, which the mails' links open. */
  siteOrigin: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    fans: Fans | null;
  }
}

const fansPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const store = await openOrNull(storeLocation(config), openFanStore, app.log, 'the fans list');
  if (!store) {
    app.decorate('fans', null);
    return;
  }
  const mailer = configuredMailer(config, app.log, true);
  // Without a public origin of its own, the site shares the studio's.
  const siteOrigin = config.PUBLIC_ORIGIN ?? config.STUDIO_ORIGIN;
  const outbox = startFanOutbox({
    store,
    mailer,
    siteOrigin,
    announcementIntervalMs: Math.ceil(60_000 / config.LIST_MAILS_PER_MINUTE),
    // Read when asked: the served site is decorated after this plugin. A build made after the
    // release's moment serves its normal page, so the announcement's link shows the release.
    releaseIsOut: (_release, sendAtMs) => (buildStartedAt(app.site.current.dir) ?? 0) >= sendAtMs,
    log: app.log,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    retryMaxMs: config.OUTBOX_RETRY_MAX_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    leaseMs: config.OUTBOX_LEASE_MS,
  });
  app.decorate('fans', { store, outbox, mailer, siteOrigin });
  app.addHook('onClose', async () => {
    await outbox.close();
    mailer.close();
    await store.close();
  });
};

export default fp(fansPlugin, { name: 'fans' });
