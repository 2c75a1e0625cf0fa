/**
 * The contact messages' inbox (their store and the outbox that mails them) as `app.inbox`,
 * closed after the delivery in progress when the app closes.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import { configuredMailer } from '../services/contact/configured-mailer.ts';
import { addressesIn } from '../services/contact/mail-address.ts';
import { openInbox, type Inbox } from '../services/contact/message-inbox.ts';
import { startOutbox } from '../services/contact/outbox.ts';
import { describeStore, openStore, storeLocation } from '../services/stores/open-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    inbox: Inbox;
  }
}

const inboxPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const mailer = configuredMailer(config, app.log);
  // An unusable data folder must not take the pages and the music down with it: the inbox
  // answers null until it can open the database (the contact route then says 503). A
  // database server that cannot be reached at start is a configuration error.
  const location = storeLocation(config);
  const inbox = await openInbox({
    openStore: () =>
      openStore(location, {
        autoRepliesPerHour: config.AUTO_REPLY_HOURLY_LIMIT,
        artistMailsPerHour: config.ARTIST_MAILS_PER_HOUR,
        digestIntervalMs: config.DIGEST_INTERVAL_MS,
        takeOverLeases: true,
        ownAddresses: addressesIn(`${config.MAIL_TO}, ${config.MAIL_FROM}`),
      }),
    where: describeStore(location),
    requiredAtStart: config.DATABASE_URL !== null,
    log: app.log,
    startOutbox: (store) =>
      startOutbox({
        store,
        mailer,
        log: app.log,
        retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
        retryMaxMs: config.OUTBOX_RETRY_MAX_MS,
        maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
        leaseMs: config.OUTBOX_LEASE_MS,
        digestIntervalMs: config.DIGEST_INTERVAL_MS,
        digestMaxMessages: config.DIGEST_MAX_MESSAGES,
      }),
  }).catch((error: unknown) => {
    throw new Error(`Invalid configuration:\n  DATABASE_URL: cannot use the database (${(error as Error).message})`);
  });
  app.decorate('inbox', inbox);
  app.addHook('onClose', () => inbox.close());
};

export default fp(inboxPlugin, { name: 'inbox' });
