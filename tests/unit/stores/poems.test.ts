/**
 * The poems' texts store against a real HTTP server on a loopback port: it loads once, says
 * when it failed, and loads again when asked after a failure.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $poemTexts, loadPoemTexts } from '../../../src/stores/poems.ts';

const TEXTS = { 'a-poem': 'Primeira linha\nSegunda linha', other: 'Só uma linha' };

let server: Server;
let url: string;
let requests = 0;
/** What the server answers next: the texts, an error status, or a body that is not texts. */
let answer: 'texts' | 'error' | 'foreign' = 'texts';

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    if (answer === 'error') {
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(answer === 'texts' ? TEXTS : ['not', 'texts']));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/poems.0123456789.json`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  $poemTexts.set({ status: 'idle', texts: {} });
  requests = 0;
  answer = 'texts';
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('loadPoemTexts', () => {
  it('loads the texts once, however many islands ask at the same time', async () => {
    await Promise.all([loadPoemTexts(url), loadPoemTexts(url), loadPoemTexts(url)]);
    expect($poemTexts.get()).toEqual({ status: 'ready', texts: TEXTS });
    await loadPoemTexts(url);
    expect(requests).toBe(1);
  });

  it('says it is loading until the texts arrive', async () => {
    const loading = loadPoemTexts(url);
    expect($poemTexts.get().status).toBe('loading');
    await loading;
    expect($poemTexts.get().status).toBe('ready');
  });

  it.each(['error', 'foreign'] as const)(
    'fails on an answer of kind %s, logs it, and loads again when asked',
    async (kind) => {
      answer = kind;
      await loadPoemTexts(url);
      expect($poemTexts.get()).toEqual({ status: 'failed', texts: {} });
      expect(console.error).toHaveBeenCalledWith('Erro ao carregar os poemas', expect.any(Error));

      answer = 'texts';
      await loadPoemTexts(url);
      expect($poemTexts.get()).toEqual({ status: 'ready', texts: TEXTS });
      expect(requests).toBe(2);
    },
  );

  it('fails, without throwing, when nothing answers', async () => {
    await loadPoemTexts('http://127.0.0.1:1/poems.json');
    expect($poemTexts.get().status).toBe('failed');
  });
});
