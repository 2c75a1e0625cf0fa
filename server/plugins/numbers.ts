/**
 * The site's own counts as `app.numbers`: their store beside the contact messages and the tally
 * that writes to it every few seconds, the last counts written when the app closes. Null while
 * the data folder cannot be used: the events are then dropped, and the pages never notice.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { NumbersStore } from '../services/numbers/numbers-store.ts';
import { createTally, type Tally } from '../services/numbers/tally.ts';
import { openOrNull, storeLocation } from '../services/stores/open-store.ts';
import { openNumbersStore } from '../services/stores/open-numbers-store.ts';

export interface Numbers {
  store: NumbersStore;
  tally: Tally;
}

declare module 'fastify' {
  interface FastifyInstance {
    numbers: Numbers | null;
  }
}

const numbersPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  // An unusable data folder only stops the counting.
  const store = await openOrNull(storeLocation(config), openNumbersStore, app.log, 'the numbers');
  const tally = store
    ? createTally(store, {
        flushMs: config.EVENTS_FLUSH_MS,
        onError: (error) => app.log.error({ err: error }, 'could not write the counts; they wait for the next write'),
      })
    : null;
  app.decorate('numbers', store && tally ? { store, tally } : null);
  if (tally) app.addHook('onClose', () => tally.close());
};

export default fp(numbersPlugin, { name: 'numbers' });
