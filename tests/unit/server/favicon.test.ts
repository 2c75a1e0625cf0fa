/**
 * /favicon.ico, which browsers, feed readers and link-preview bots ask for by that URL: the
 * real build's file, served by the server as an icon (not the 404 page) with the caching of the
 * other plain files, and a real ICO whose images are the favicon at the sizes it declares.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { icoFile, readIco } from '../../../scripts/brand/ico.ts';
import { ONE_DAY } from '../../../server/services/http/cache-control.ts';
import { DIST_DIR } from '../budgets/built-site.ts';
import { useBuiltSiteApp } from './fixture-site.ts';

let app: FastifyInstance;

useBuiltSiteApp((built) => {
  app = built;
});

describe('GET /favicon.ico', () => {
  it('answers 200 with the built icon, as an icon, cached a day', async () => {
    const response = await app.inject({ url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/(?:x-icon|vnd\.microsoft\.icon)$/);
    expect(response.headers['cache-control']).toBe(ONE_DAY);
    expect(response.rawPayload.equals(readFileSync(join(DIST_DIR, 'favicon.ico')))).toBe(true);
  });

  it('answers HEAD the same way, without the bytes', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\//);
    expect(response.rawPayload.length).toBe(0);
  });

  it('is a real ICO: each image a PNG of the size its entry declares', async () => {
    const images = readIco((await app.inject({ url: '/favicon.ico' })).rawPayload);
    expect(images.map((image) => image.size)).toEqual(expect.arrayContaining([16, 32]));
    for (const { size, png } of images) {
      const { format, width, height } = await sharp(png).metadata();
      expect({ format, width, height }).toEqual({ format: 'png', width: size, height: size });
    }
  });
});

describe('the ICO container', () => {
  it('reads back what it wrote, 256 px (stored as 0) included', () => {
    const images = [
      { size: 16, png: Buffer.from('sixteen') },
      { size: 256, png: Buffer.from('two hundred fifty-six') },
    ];
    expect(readIco(icoFile(images))).toEqual(images);
  });

  it('refuses what is not an icon, naming the problem', () => {
    expect(() => readIco(Buffer.from('<!doctype html><title>Not found</title>'))).toThrow('not an ICO file');
    const cut = icoFile([{ size: 32, png: Buffer.from('a png') }]).subarray(0, 25);
    expect(() => readIco(cut)).toThrow('past the end');
    expect(() => icoFile([{ size: 300, png: Buffer.alloc(1) }])).toThrow('1 to 256 px');
  });
});
