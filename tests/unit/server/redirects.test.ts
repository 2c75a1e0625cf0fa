/**
 * Every redirect the server makes stays on this site: whatever path a stranger asks for, the
 * Location is a path of ours, never the start of a URL on another host (`//host`, `/\host`,
 * a scheme). Judged the way browsers read it: resolved against our origin, the origin stays.
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useListeningApp } from './fixture-site.ts';
import { acceptedLanguages, languageForRequest } from '../../../server/services/http/language-redirect.ts';

const ORIGIN = 'https://andremourapassos.example';
/** The app on a real port, for request lines exactly as a client writes them. */
let port: number;
useListeningApp({}, (served) => {
  ({ port } = served);
});

/** Why a Location would take a browser off the site, or null when it stays. */
function offSite(location: string): string | null {
  if (!location.startsWith('/')) return 'does not start with /';
  if (/^\/[/\\]/.test(location)) return 'starts like a URL on another host';
  if (/^[a-z][a-z0-9+.-]*:/i.test(location)) return 'has a scheme';
  return new URL(location, ORIGIN).origin === ORIGIN ? null : 'resolves to another origin';
}

/** Pieces of path that have made open redirects elsewhere, mixed with anything at all. */
const pathPiece = fc.oneof(
  fc.constantFrom('/', '//', '\\', '/\\', '\\/', '.', '..', '%2F', '%5C', '%2f%2f', '%09', '%0d%0a'),
  fc.constantFrom('evil.example', '@evil.example', 'http:', 'https:', 'javascript:', ':', '?', '#', 'pt', 'en'),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }),
);
const hostilePath = fc
  .array(pathPiece, { minLength: 1, maxLength: 8 })
  .map((pieces) => `/${pieces.join('')}`)
  // Half of them end in a slash, the case that is redirected to its canonical form.
  .chain((path) => fc.constantFrom(path, `${path}/`));

/** Sends one request line exactly as given (inject would normalise it first) and reads the answer's head. */
function rawRequest(method: string, target: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(Buffer.from(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    });
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('end', () => {
      const head = data.split('\r\n\r\n')[0] ?? '';
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]),
        location: /\r\nlocation: ([^\r]*)/i.exec(head)?.[1],
      });
    });
    socket.on('error', reject);
  });
}

describe('redirects', () => {
  it('send a trailing-slash path with a backslash to a path on this site', async () => {
    expect(await rawRequest('GET', '/\\evil.example/')).toEqual({ status: 301, location: '/evil.example' });
  });

  it.each(['/\\/evil.example/', '//\\evil.example/', '/%5Cevil.example/', 'http://evil.example/', '/\\evil.example'])(
    'stay on the site for %s',
    async (target) => {
      const { status, location } = await rawRequest('GET', target);
      if (status >= 300 && status < 400) expect(offSite(location ?? ''), `${target} → ${location}`).toBeNull();
      else expect(status).toBeGreaterThanOrEqual(400);
    },
  );

  it('never leave the site, over arbitrary paths (trailing slash, language, unknown page)', async () => {
    let redirects = 0;
    await fc.assert(
      fc.asyncProperty(hostilePath, fc.constantFrom('GET', 'HEAD'), async (path, method) => {
        const { status, location } = await rawRequest(method, path);
        expect(status, path).toBeGreaterThanOrEqual(200);
        if (status < 300 || status >= 400) return;
        redirects += 1;
        expect(offSite(location ?? ''), `${JSON.stringify(path)} → ${location}`).toBeNull();
      }),
      { numRuns: 1000 },
    );
    expect(redirects).toBeGreaterThan(100);
  });
});

/**
 * A query string as a client may send it: any Unicode percent-encoded, mixed with the
 * printable ASCII a request line carries raw, `?` and `/` included.
 */
const queryPiece = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 4 }).map(encodeURIComponent),
  fc.string({ unit: fc.constantFrom(...Array.from('?/=&;:@!$\'()*+,%[]{}|\\^`~"<>.-_')), maxLength: 4 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 4 }).map((text) => text.replace(/[\s#]/g, '')),
);
const hostileQuery = fc.array(queryPiece, { maxLength: 6 }).map((pieces) => pieces.join(''));
/** True when a path's percent-encoding decodes (Fastify refuses the others with 400). */
const decodes = (path: string) => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};
// Paths whose request line Node takes (printable ASCII), without the query's own `?` or a `#`.
const slashPath = hostilePath
  .filter((path) => /^[\x21-\x7e]+$/.test(path) && !/[?#]/.test(path) && decodes(path))
  .map((path) => (path.endsWith('/') ? path : `${path}/`));

describe('the trailing-slash redirect', () => {
  it('keeps the whole query, later question marks included', async () => {
    expect(await rawRequest('GET', '/x/?a=1?b=2')).toEqual({ status: 301, location: '/x?a=1?b=2' });
    expect(await rawRequest('HEAD', '/pt/?')).toEqual({ status: 301, location: '/pt?' });
  });

  it('keeps an arbitrary query byte for byte and stays on the site', async () => {
    await fc.assert(
      fc.asyncProperty(slashPath, hostileQuery, async (path, query) => {
        const target = `${path}?${query}`;
        const { status, location = '' } = await rawRequest('GET', target);
        expect(status, target).toBe(301);
        expect(offSite(location), `${target} → ${location}`).toBeNull();
        expect(location.slice(location.indexOf('?') + 1), target).toBe(query);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the visitor’s languages (negotiator)', () => {
  it('orders an Accept-Language header by quality, then by position, without wildcards or q=0', () => {
    expect(acceptedLanguages('fr;q=0.5, es-ES;q=0.9, en')).toEqual(['en', 'es-ES', 'fr']);
    expect(acceptedLanguages('*, en;q=0, pt')).toEqual(['pt']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('sends / by the saved choice, else the browser’s first language only', () => {
    expect(languageForRequest('es', 'en')).toBe('es');
    expect(languageForRequest(undefined, 'de, es')).toBe('pt');
    expect(languageForRequest(undefined, 'fr;q=0.1, en-GB')).toBe('en');
    expect(languageForRequest('xx', undefined)).toBe('pt');
  });
});
