/**
 * `GET /oembed?url=…&format=json`: how another site turns a link to a release or track page into
 * the embeddable player. Public and cacheable; refusals are JSON with fixed words, never an
 * echo of the URL asked about.
 */
import type { FastifyPluginAsync } from 'fastify';
import { OEMBED_PATH } from '../../src/lib/embeds.ts';
import { errorBody } from '../services/http/error-answers.ts';
import { manifestOf, oembedFor, OEMBED_CACHE_AGE } from '../services/site/oembed.ts';
import type { CurrentSite } from '../services/site/served-site.ts';

export interface OembedRoutesOptions {
  /** The site being served: its build's manifest names the releases and tracks. */
  site: CurrentSite;
}

interface OembedQuery {
  url?: string;
  format?: string;
  maxwidth?: string;
  maxheight?: string;
}

const NOT_FOUND = 'No release or track page of this site at that URL.';
const ONLY_JSON = 'Only format=json is answered.';

const oembedRoutes: FastifyPluginAsync<OembedRoutesOptions> = async (app, { site }) => {
  app.get<{ Querystring: OembedQuery }>(
    OEMBED_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            url: { type: 'string' },
            format: { type: 'string' },
            maxwidth: { type: 'string' },
            maxheight: { type: 'string' },
          },
        },
      },
      // A malformed query is a refusal in the same fixed words, never the validator's.
      attachValidation: true,
    },
    async (request, reply) => {
      // Consumers fetch it from anywhere, pages included: nothing in it is private.
      reply.header('Access-Control-Allow-Origin', '*');
      const { url, format = 'json', maxwidth, maxheight } = request.validationError ? {} : request.query;
      if (format !== 'json') return reply.code(501).header('Cache-Control', 'no-store').send(errorBody(501, ONLY_JSON));
      const manifest = await manifestOf(site.current.dir);
      const answer = url && manifest ? oembedFor(url, manifest, { maxwidth, maxheight }) : null;
      if (!answer) return reply.code(404).header('Cache-Control', 'no-store').send(errorBody(404, NOT_FOUND));
      return reply.header('Cache-Control', `public, max-age=${OEMBED_CACHE_AGE}`).send(answer);
    },
  );
};

export default oembedRoutes;
