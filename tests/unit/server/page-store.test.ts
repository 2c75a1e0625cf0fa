import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, loadPages, type StoredPage } from '../../../server/services/site/page-store.ts';

const variant = (text: string) => ({ body: Buffer.from(text), etag: `"${text}"` });
const full: StoredPage = { identity: variant('plain'), br: variant('br'), gzip: variant('gzip') };
const plainOnly: StoredPage = { identity: variant('plain') };

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['br; q=0.0, gzip; q=0', 'identity'],
    ['*', 'br'],
    ['deflate', 'identity'],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header, full)).toBe(expected);
  });

  it('never picks a variant the build did not write', () => {
    expect(chooseEncoding('br, gzip', plainOnly)).toBe('identity');
  });
});

describe('loadPages', () => {
  it('reads each page with the variants that exist and leaves out missing files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pages-'));
    writeFileSync(join(dir, 'pt.html'), 'olá');
    writeFileSync(join(dir, 'pt.html.br'), 'compressed');
    const pages = await loadPages(dir, ['pt.html', 'gone.html']);
    expect([...pages.keys()]).toEqual(['pt.html']);
    const page = pages.get('pt.html');
    expect(page?.identity.body.toString()).toBe('olá');
    expect(page?.br?.body.toString()).toBe('compressed');
    expect(page?.gzip).toBeUndefined();
    expect(page?.br?.etag).not.toBe(page?.identity.etag);
    rmSync(dir, { recursive: true, force: true });
  });
});
