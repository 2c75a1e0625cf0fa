import { describe, expect, it } from 'vitest';
import { cspDirectives } from '../../../server/services/site/csp.ts';

const base = { scriptHashes: ["'sha256-a'"], styleHashes: ["'sha256-b'"] };

describe('cspDirectives', () => {
  it('allows only our origin, the build hashes and the video player by default', () => {
    const csp = cspDirectives(base);
    expect(csp['script-src']).toEqual(["'self'", "'sha256-a'"]);
    // The video thumbnails are served by the site: no image comes from the video service.
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['media-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(['https://www.youtube-nocookie.com', 'https://www.youtube.com']);
    expect(JSON.stringify(csp)).not.toMatch(/google-analytics|googletagmanager|unsafe-eval/);
    // Fonts, the manifest and workers: from our origin only, by default-src.
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(Object.keys(csp).filter((name) => ['font-src', 'manifest-src', 'worker-src'].includes(name))).toEqual([]);
  });

  it('allows the analytics tag hosts only for a build with analytics', () => {
    const csp = cspDirectives({ ...base, analytics: true });
    expect(csp['script-src']).toContain('https://www.googletagmanager.com');
    expect(csp['connect-src']).toContain('https://*.google-analytics.com');
  });

  it('allows the API and media origins when they are elsewhere', () => {
    const csp = cspDirectives({
      ...base,
      apiOrigin: 'https://api.example.com',
      mediaOrigin: 'https://cdn.example.com',
    });
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.example.com']);
    expect(csp['media-src']).toEqual(["'self'", 'https://api.example.com', 'https://cdn.example.com']);
    expect(csp['img-src']).toContain('https://api.example.com');
  });
});
