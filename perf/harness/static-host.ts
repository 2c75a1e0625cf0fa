/**
 * The simplest static host: files as they are, `/x` served from `x.html` (clean URLs, as most
 * CDNs do), and `404.html` with status 404 for anything else. No redirects, no headers of
 * ours: what `dist/` must cope with when it is deployed without our server.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export async function startStaticHost(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const pathname = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const candidates = pathname === '/' ? ['index.html'] : [pathname, `${pathname}.html`];
    const found = candidates.map((candidate) => join(root, candidate)).find(isFile);
    const file = found ?? join(root, '404.html');
    response.writeHead(found ? 200 : 404, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
