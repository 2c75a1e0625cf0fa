import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../../server/config.ts';
import { buildTestApp, createFixtureSite } from './fixture-site.ts';

describe('loadConfig', () => {
  it('has defaults that serve the site on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', NODE_ENV: 'production', TRUST_PROXY: false });
    expect(config.DIST_DIR).toMatch(/\/dist$/);
  });

  it('lists every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', TRUST_PROXY: 'maybe', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL[\s\S]*TRUST_PROXY|PORT[\s\S]*TRUST_PROXY[\s\S]*LOG_LEVEL/,
    );
  });

  it('reads booleans written as words or digits', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });
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
    await expect(buildTestApp({ dir: '/nonexistent-dist', mediaDir: '/tmp', dataDir: '/tmp' })).rejects.toThrow(
      /run `npm run build` first/,
    );
  });
});

describe('the documentation of the configuration', () => {
  const example = readFileSync('.env.example', 'utf8');
  const readme = readFileSync('README.md', 'utf8');

  it.each(CONFIG_VARIABLES)('%s is in .env.example and in the README table', (name) => {
    expect(example).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    expect(readme).toContain(`| \`${name}\``);
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
