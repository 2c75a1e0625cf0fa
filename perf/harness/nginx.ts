/**
 * A real nginx (Debian's package; `.ci/run` installs it) in front of a server, configured by
 * the reference deployment `deploy/nginx/site.conf` itself: the same file with a free loopback
 * port, a temporary cache folder, and either no TLS or TLS with HTTP/2 on a self-signed
 * certificate. Its access log says, for each request, whether it reached the origin. Used by
 * the tests and by `npm run bench`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForPort } from './engines.ts';

export const NGINX_INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y nginx';
export const SITE_CONF = resolve(import.meta.dirname, '../../deploy/nginx/site.conf');

/** nginx's program: NGINX_PATH, Debian's /usr/sbin/nginx, or the one on PATH; null when none. */
export function findNginx(): string | null {
  const candidates = [process.env['NGINX_PATH'], '/usr/sbin/nginx'].filter((path): path is string => !!path);
  for (const path of candidates) if (existsSync(path)) return path;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** Replaces `from` in `text`, which must be there: a reshaped site.conf fails loudly here. */
function replaceOnce(text: string, from: string | RegExp, to: string | ((match: string) => string)): string {
  const replaced = typeof to === 'string' ? text.replace(from, to) : text.replace(from, (match) => to(match));
  if (replaced === text)
    throw new Error(`deploy/nginx/site.conf no longer has ${String(from)}: update perf/harness/nginx.ts`);
  return replaced;
}

/** A certificate and its key, as files nginx reads. */
export interface TlsFiles {
  certificate: string;
  key: string;
}

/**
 * The reference site.conf for a loopback run: the given ports and a temporary cache; without
 * `tls`, plain HTTP/1.1 (no certificate); with it, TLS and HTTP/2 on that certificate, as the
 * public site answers. The redirect from port 80 is left out, unless `redirectPort` names a
 * port for it.
 */
export function localSiteConf(
  template: string,
  options: { port: number; originPort: number; cacheDir: string; tls?: TlsFiles; redirectPort?: number },
) {
  const { tls, redirectPort } = options;
  let blocks = 0;
  let conf = replaceOnce(template, /# BEGIN TLS\n[\s\S]*?# END TLS\n/g, (block) => {
    blocks += 1;
    // The first block is the port-80 redirect server; the second the certificate lines.
    if (blocks === 1 && redirectPort !== undefined) {
      return replaceOnce(block, /(?:\s*listen [^\n]*\n)+/, `\n    listen 127.0.0.1:${redirectPort};\n`);
    }
    if (!tls || blocks === 1) return '';
    return replaceOnce(
      replaceOnce(block, /ssl_certificate \S+;/, `ssl_certificate ${tls.certificate};`),
      /ssl_certificate_key \S+;/,
      `ssl_certificate_key ${tls.key};`,
    );
  });
  const listen = tls ? `listen 127.0.0.1:${options.port} ssl http2;` : `listen 127.0.0.1:${options.port};`;
  // The site's server and the studio's own host listen on the same port, told apart by name.
  conf = replaceOnce(conf, /# LISTEN[^\n]*\n(?:\s*(?:listen|http2) [^\n]*\n)+/g, `${listen}\n`);
  conf = replaceOnce(conf, /proxy_cache_path \S+/, `proxy_cache_path ${options.cacheDir}`);
  conf = replaceOnce(conf, /server 127\.0\.0\.1:\d+;/, `server 127.0.0.1:${options.originPort};`);
  return conf;
}

/**
 * A self-signed certificate for 127.0.0.1, made with Debian's openssl in `dir`; null without
 * openssl. Browsers are told to accept it (`--ignore-certificate-errors`), only on loopback.
 */
export function selfSignedCertificate(dir: string): TlsFiles | null {
  const files = { certificate: join(dir, 'cert.pem'), key: join(dir, 'key.pem') };
  const made = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', files.key, '-out', files.certificate],
    ],
    { stdio: 'ignore' },
  );
  return made.status === 0 ? files : null;
}

/** One line of the access log. */
export interface NginxLogLine {
  /** HIT, MISS, EXPIRED, UPDATING, REVALIDATED, BYPASS, STALE, or '-' (not cacheable here). */
  cacheStatus: string;
  /** True when nginx asked the server for this request or slice. */
  reachedOrigin: boolean;
  method: string;
  /** As the client sent it, query string included (a slice's line carries its request's). */
  uri: string;
  status: number;
}

export interface NginxServer {
  url: string;
  port: number;
  /** The port-80 redirect server's address, when asked for. */
  redirectUrl?: string;
  /** The access log so far (slice subrequests included, each on its own line). */
  log(): Promise<NginxLogLine[]>;
  /** Empties the access log, e.g. between a warm-up and a measured run. */
  clearLog(): Promise<void>;
  close(): Promise<void>;
}

// Tab-separated; the request URI as the client sent it (percent-encoded, so never a raw tab).
const LOG_FORMAT = "'$upstream_cache_status\\t$upstream_addr\\t$request_method\\t$request_uri\\t$status'";

/**
 * Starts nginx in the foreground (its master a child of this process) on a free loopback port,
 * in front of the server on `originPort`. Throws, naming the install command, without nginx.
 */
export async function startNginx(options: {
  originPort: number;
  workers?: number;
  /** TLS and HTTP/2 on a self-signed certificate, as the public site answers. */
  tls?: boolean;
  /** Also the port-80 redirect server, on a free port of its own (`redirectUrl`). */
  redirect?: boolean;
}): Promise<NginxServer> {
  const nginx = findNginx();
  if (!nginx) throw new Error(`nginx is not installed. Install it: ${NGINX_INSTALL_HINT}`);
  const dir = mkdtempSync(join(tmpdir(), 'nginx-test-'));
  const cacheDir = join(dir, 'cache');
  mkdirSync(cacheDir);
  const port = await freePort();
  const tls = options.tls ? selfSignedCertificate(dir) : undefined;
  const redirectPort = options.redirect ? await freePort() : undefined;
  if (tls === null) throw new Error('openssl is not installed. Install it: sudo apt-get install -y openssl');
  writeFileSync(
    join(dir, 'site.conf'),
    localSiteConf(readFileSync(SITE_CONF, 'utf8'), {
      port,
      originPort: options.originPort,
      cacheDir,
      ...(tls ? { tls } : {}),
      ...(redirectPort === undefined ? {} : { redirectPort }),
    }),
  );
  const accessLog = join(dir, 'access.log');
  const errorLog = join(dir, 'error.log');
  // As root, the workers would switch to `nobody`, who cannot write the temporary folders.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${user}
daemon off;
master_process on;
worker_processes ${options.workers ?? 1};
pid ${join(dir, 'nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  log_format cache ${LOG_FORMAT};
  access_log ${accessLog} cache buffer=64k;
  log_subrequest on;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  include ${join(dir, 'site.conf')};
}
`,
  );
  const child = spawn(nginx, ['-c', join(dir, 'nginx.conf'), '-p', `${dir}/`, '-e', errorLog], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPort(port, 10_000, child, 'nginx', () =>
    existsSync(errorLog) ? `:\n${readFileSync(errorLog, 'utf8')}` : '',
  );

  // SIGUSR1 makes nginx reopen its logs, which writes out the buffered lines first.
  const flush = async () => {
    child.kill('SIGUSR1');
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  };
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    ...(redirectPort === undefined ? {} : { redirectUrl: `http://127.0.0.1:${redirectPort}` }),
    log: async () => {
      await flush();
      if (!existsSync(accessLog)) return [];
      return readFileSync(accessLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [cacheStatus = '-', upstream = '-', method = '', uri = '', status = '0'] = line.split('\t');
          return {
            cacheStatus,
            reachedOrigin: upstream !== '-' && upstream !== '',
            method,
            uri,
            status: Number(status),
          };
        });
    },
    clearLog: async () => {
      await flush();
      writeFileSync(accessLog, '');
    },
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolveExit) => {
          child.once('exit', () => resolveExit());
          child.kill('SIGQUIT');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
