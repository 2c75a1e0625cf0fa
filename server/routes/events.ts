/**
 * `POST /api/events`, where the public pages send their counts (src/lib/numbers.ts): a small
 * `text/plain` body holding a JSON list of events. What names nothing the site has is dropped;
 * what is left is added to today's counts. The answer is 204 either way, and a refusal never
 * repeats what was sent.
 */
import type { FastifyPluginAsync } from 'fastify';
import { EVENTS_PATH, MAX_EVENTS_BODY_BYTES } from '../../src/lib/numbers-events.ts';
import { networkRateLimit, registerRateLimit } from '../services/http/rate-limits.ts';
import { errorBody } from '../services/http/error-answers.ts';
import { validEvents, type SiteFacts } from '../services/numbers/event-validation.ts';
import type { Tally } from '../services/numbers/tally.ts';
import { MINUTE_MS, type ClientRateLimitOptions } from '../services/http/request-limits.ts';

export interface EventsRoutesOptions extends ClientRateLimitOptions {
  /** Where the counts go; null while the store cannot be used (the events are dropped). */
  tally: Tally | null;
  site: SiteFacts;
  /** Requests a minute from one network (IPv4 /24, IPv6 /56), counting those its addresses may send. */
  perNetworkPerMinute: number;
}

const NOT_EVENTS = 'The body must be a JSON list of events, sent as text/plain.';

const eventsRoutes: FastifyPluginAsync<EventsRoutesOptions> = async (app, options) => {
  await registerRateLimit(app, options.redis, 'events-');
  // Every request counts, valid or not, so the route cannot be probed or flooded for free: per
  // address first, then per network only what its address was allowed, so many addresses of
  // one network cannot add up past its share and one address cannot spend the others'. An
  // address is only held by the limiter for its minute, never stored with the counts.
  const limits = [
    [
      app.createRateLimit({ max: options.perClientPerMinute, timeWindow: MINUTE_MS }),
      'Too many events from your address. Please try again in a minute.',
    ],
    [
      networkRateLimit(app, options.perNetworkPerMinute),
      'Too many events from your network. Please try again in a minute.',
    ],
  ] as const;
  app.addHook('onRequest', async (request, reply) => {
    for (const [limit, message] of limits) {
      const result = await limit(request);
      if (result.isAllowed || !result.isExceeded) continue;
      reply.header('Retry-After', result.ttlInSeconds);
      return reply.code(429).send(errorBody(429, message));
    }
    return undefined;
  });

  app.post(
    EVENTS_PATH,
    {
      bodyLimit: MAX_EVENTS_BODY_BYTES,
      // Any other type is refused before its parser runs (Fastify's own refusal would repeat it).
      onRequest: async (request, reply) => {
        if (/^text\/plain\b/i.test(request.headers['content-type'] ?? '')) return undefined;
        return reply.code(415).send(errorBody(415, NOT_EVENTS));
      },
    },
    async (request, reply) => {
      let body: unknown;
      try {
        body = JSON.parse(String(request.body));
      } catch {
        return reply.code(400).send(errorBody(400, NOT_EVENTS));
      }
      const events = validEvents(body, options.site);
      if (!events) return reply.code(400).send(errorBody(400, NOT_EVENTS));
      options.tally?.record(events);
      return reply.code(204).send();
    },
  );
};

export default eventsRoutes;
