import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_REDIRECT_SCRIPT, NOT_FOUND_REDIRECT_SCRIPT } from '../../../src/lib/redirect-script.ts';

/** Runs an inline script against a fake browser and returns where it sent the visitor. */
function run(
  script: string,
  options: { saved?: string | null; languages?: string[]; pathname?: string; storageThrows?: boolean },
) {
  const replaced: string[] = [];
  runInNewContext(script, {
    localStorage: {
      getItem: () => {
        if (options.storageThrows) throw new Error('SecurityError');
        return options.saved ?? null;
      },
    },
    navigator: { languages: options.languages ?? [], language: options.languages?.[0] ?? '' },
    location: { pathname: options.pathname ?? '/', replace: (url: string) => replaced.push(url) },
  });
  return replaced;
}

describe('the inline script of /', () => {
  it('goes to the saved language first', () => {
    expect(run(LANGUAGE_REDIRECT_SCRIPT, { saved: 'es', languages: ['en-US'] })).toEqual(['/es']);
  });
  it('then to the browser language: en, es, else pt', () => {
    expect(run(LANGUAGE_REDIRECT_SCRIPT, { languages: ['en-GB'] })).toEqual(['/en']);
    expect(run(LANGUAGE_REDIRECT_SCRIPT, { languages: ['es-AR'] })).toEqual(['/es']);
    expect(run(LANGUAGE_REDIRECT_SCRIPT, { languages: ['de-DE'] })).toEqual(['/pt']);
  });
  it('still works when storage is blocked', () => {
    expect(run(LANGUAGE_REDIRECT_SCRIPT, { storageThrows: true, languages: ['en'] })).toEqual(['/en']);
  });
});

describe('the inline script of 404.html', () => {
  it('sends an unknown page to /pt', () => {
    expect(run(NOT_FOUND_REDIRECT_SCRIPT, { pathname: '/some/old/page' })).toEqual(['/pt']);
  });
  it('leaves a missing asset on the 404 page', () => {
    expect(run(NOT_FOUND_REDIRECT_SCRIPT, { pathname: '/_astro/app.1234.js' })).toEqual([]);
    expect(run(NOT_FOUND_REDIRECT_SCRIPT, { pathname: '/media/x/song.mp3' })).toEqual([]);
  });
});
