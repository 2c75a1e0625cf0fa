/** What the tests that count page events share: sending them as the pages do. */
import type { FastifyInstance } from 'fastify';
import { EVENTS_PATH, type PageEvent } from '../../../src/lib/numbers-events.ts';

/** POST /api/events as a page's beacon sends it: the events as a JSON list in a text/plain body. */
export const postEvents = (app: FastifyInstance, events: readonly PageEvent[]) =>
  app.inject({
    method: 'POST',
    url: EVENTS_PATH,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify(events),
  });
