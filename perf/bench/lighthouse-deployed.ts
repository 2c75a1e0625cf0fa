/**
 * Lighthouse through the reference deployment, as visitors get the site: the pages from
 * deploy/nginx/site.conf over TLS and HTTP/2 (a self-signed certificate on loopback), in front
 * of the same server. Lighthouse's simulation treats each HTTP/1.1 request to a new
 * connection as a TCP handshake of its own, at 150 ms a round trip; over HTTP/2 the page's
 * requests share one connection, as they do from the CDN or nginx in production. The direct
 * run to the Node server (plain HTTP/1.1) stays in the table beside it.
 */
import { findNginx, NGINX_INSTALL_HINT, startNginx } from '../harness/nginx.ts';
import { measureLighthouse, type LighthouseOutcome } from './lighthouse.ts';

export async function measureLighthouseDeployed(
  originUrl: string,
  pages: readonly string[],
  runsPerPage: number,
  log: (line: string) => void,
  options: { keepLoadsIn?: string } = {},
): Promise<LighthouseOutcome> {
  if (!findNginx()) return { ok: false, error: `nginx is not installed (${NGINX_INSTALL_HINT})` };
  let nginx;
  try {
    nginx = await startNginx({ originPort: Number(new URL(originUrl).port), tls: true });
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  try {
    return await measureLighthouse(nginx.url, pages, runsPerPage, log, { ...options, selfSignedCertificate: true });
  } finally {
    await nginx.close();
  }
}
