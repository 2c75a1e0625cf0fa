/**
 * An island's props, fetched from their file by the islands' directives: asked again after a
 * server error or no answer, never after a file that is not there, and fetched once for every
 * island that shares them. Against a real HTTP server; the island is a stand-in with the three
 * attribute methods the directives use.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandProps, PROPS_FILE_ATTRIBUTE } from '../../../src/page-start/island-props.ts';

/** How the server answers each path, one status per request in turn (the last one repeats). */
const plans = new Map<string, number[]>();
const asked = new Map<string, number>();
const PROPS = '{"labels":[0,{"play":[0,"Tocar \\"agora\\""]}]}';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '';
    const count = (asked.get(path) ?? 0) + 1;
    asked.set(path, count);
    const plan = plans.get(path) ?? [404];
    const status = plan[Math.min(count, plan.length) - 1] ?? 404;
    if (status === 0) {
      request.socket.destroy();
      return;
    }
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(status === 200 ? PROPS : '{"error":"x"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** An island as the directives see it: its attributes. */
function island(path: string) {
  const attributes = new Map<string, string>([[PROPS_FILE_ATTRIBUTE, `${origin}${path}`]]);
  return {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    hasAttribute: (name: string) => attributes.has(name),
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
  } as unknown as Element;
}

describe('islandProps', () => {
  it('hands the island the file’s text, one request for every island sharing it', async () => {
    plans.set('/shared.json', [200]);
    const islands = [island('/shared.json'), island('/shared.json')];
    await Promise.all(islands.map(islandProps));
    for (const each of islands) expect(each.getAttribute('props')).toBe(PROPS);
    expect(asked.get('/shared.json')).toBe(1);
  });

  it('asks again after a server error and after no answer at all', async () => {
    plans.set('/flaky.json', [503, 0, 200]);
    const flaky = island('/flaky.json');
    await islandProps(flaky);
    expect(flaky.getAttribute('props')).toBe(PROPS);
    expect(asked.get('/flaky.json')).toBe(3);
  }, 10_000);

  it('gives up at once on a file that is not there, and leaves the island without props', async () => {
    plans.set('/gone.json', [404]);
    const gone = island('/gone.json');
    await expect(islandProps(gone)).rejects.toThrow('404');
    expect(gone.hasAttribute('props')).toBe(false);
    expect(asked.get('/gone.json')).toBe(1);
  });

  it('leaves props the page already holds as they are', async () => {
    const held = island('/never-asked.json');
    held.setAttribute('props', '{}');
    await islandProps(held);
    expect(held.getAttribute('props')).toBe('{}');
    expect(asked.has('/never-asked.json')).toBe(false);
  });
});
