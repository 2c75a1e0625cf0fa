import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../../server/config.ts';
import { SERVICE_THUMBNAIL_ORIGIN } from '../../../src/lib/video-thumbnails.ts';
import { buildTestApp, createFixtureSite } from './fixture-site.ts';

describe('loadConfig', () => {
  it('has defaults that serve the site on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', NODE_ENV: 'production', TRUST_PROXY: [] });
    expect(config.DIST_DIR).toMatch(/\/dist$/);
  });

  it('lists every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', TRUST_PROXY: 'maybe', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL[\s\S]*TRUST_PROXY|PORT[\s\S]*TRUST_PROXY[\s\S]*LOG_LEVEL/,
    );
  });

  it('fetches video thumbnails from the video service unless told another http(s) origin', () => {
    expect(loadConfig({}).VIDEO_THUMBNAIL_ORIGIN).toBe(SERVICE_THUMBNAIL_ORIGIN);
    expect(loadConfig({ VIDEO_THUMBNAIL_ORIGIN: 'http://127.0.0.1:8123' }).VIDEO_THUMBNAIL_ORIGIN).toBe(
      'http://127.0.0.1:8123',
    );
    for (const bad of ['ftp://i.ytimg.com', 'i.ytimg.com', 'file:///etc/passwd'])
      expect(() => loadConfig({ VIDEO_THUMBNAIL_ORIGIN: bad }), bad).toThrow(/VIDEO_THUMBNAIL_ORIGIN/);
  });

  it('reads TRUST_PROXY as a list of proxy addresses and CIDRs, true meaning loopback', () => {
    for (const none of ['false', '0', 'no', '']) expect(loadConfig({ TRUST_PROXY: none }).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual(['127.0.0.0/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, ::1,10.0.0.0/8,2001:db8::/32' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
  });

  it.each(['maybe', '10.0.0.0/33', '::1/129', '10.0.0.0/8/8', '10.0.0.1,', '10.0.0.0/x', 'localhost', '0x7f.1'])(
    'refuses TRUST_PROXY=%s, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY.*not an IP address or CIDR/);
    },
  );
});

describe('behind a TLS-terminating proxy', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('sends HSTS when the proxy says the request came over HTTPS', async () => {
    const fixture = createFixtureSite();
    cleanup = fixture.cleanup;
    const app = await buildTestApp(fixture, { TRUST_PROXY: 'true' });
    const response = await app.inject({ url: '/pt', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });

  it('fails clearly when the site has not been built', async () => {
    // Empty media and data folders of its own: `/tmp` would have the media library read every
    // folder other test files make and remove there at the same time.
    const fixture = createFixtureSite();
    cleanup = fixture.cleanup;
    await expect(buildTestApp({ ...fixture, dir: '/nonexistent-dist' })).rejects.toThrow(/run `npm run build` first/);
  });
});

describe('the documentation of the configuration', () => {
  const example = readFileSync('.env.example', 'utf8');
  // The settings' table lives on the configuration page the README links to.
  const table = readFileSync('docs/configuration.md', 'utf8');

  it.each(CONFIG_VARIABLES)('%s is in .env.example and in the table of docs/configuration.md', (name) => {
    expect(example).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    expect(table).toContain(`| \`${name}\``);
  });

  it('.env.example holds a valid configuration', () => {
    const values = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(() => loadConfig(values)).not.toThrow();
  });
});
