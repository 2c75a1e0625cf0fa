/**
 * `GET /numbers?days=28`, the studio's view of the site's own counts: per track, per platform
 * button, per page and language day by day, and the vitals' 75th percentiles. Registered under
 * `/studio/api`, behind the studio's session check; what the tally holds is written first, so
 * the answer includes the last few seconds.
 */
import type { FastifyPluginAsync } from 'fastify';
import { NUMBERS_DEFAULT_DAYS, NUMBERS_MAX_DAYS, NUMBERS_ROUTE } from '../../src/lib/numbers-answer.ts';
import type { Numbers } from '../plugins/numbers.ts';
import { lastDays, summarise } from '../services/numbers/summary.ts';
import { refuse } from '../services/studio/studio-http.ts';

export interface StudioNumbersOptions {
  /** Null while the store cannot be used: the route then says the studio's numbers are unavailable. */
  numbers: Numbers | null;
}

const DAYS = /^[1-9]\d{0,2}$/;

const studioNumbersRoutes: FastifyPluginAsync<StudioNumbersOptions> = async (app, { numbers }) => {
  app.get<{ Querystring: { days?: string } }>(`/${NUMBERS_ROUTE}`, async (request, reply) => {
    const asked = request.query.days ?? String(NUMBERS_DEFAULT_DAYS);
    const days = DAYS.test(asked) ? Number(asked) : 0;
    if (days < 1 || days > NUMBERS_MAX_DAYS) {
      return refuse(reply, 400, 'INVALID_REQUEST', `Ask for 1 to ${NUMBERS_MAX_DAYS} days.`);
    }
    if (!numbers) return refuse(reply, 503, 'STUDIO_UNAVAILABLE', 'The numbers are not available right now.');
    await numbers.tally.flush();
    const shown = lastDays(days, Date.now());
    const { counts, vitals } = await numbers.store.since(shown[0] ?? '');
    return reply.send(summarise(shown, counts, vitals));
  });
};

export default studioNumbersRoutes;
