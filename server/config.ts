/**
 * The server's configuration: every environment variable it reads, validated once at start
 * by one schema (documented in .env.example and docs/configuration.md).
 */
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MEDIA_DIR } from '../src/lib/constants.ts';
import { LOOPBACK_PROXIES, parseSubnet } from './services/http/client-network.ts';
import { DEFAULT_DIGEST_INTERVAL_MS } from './services/contact/message-store.ts';
import { DEFAULT_FLUSH_MS } from './services/numbers/tally.ts';
import { DEFAULT_LEASE_MS } from './services/contact/outbox.ts';
import { DEFAULT_MEDIA_FOLDER, isPlainFolder } from './services/studio-content/content-paths.ts';
import { DEFAULT_LIMITS, type RenditionLimits } from './services/renditions/limits.ts';
import { ARTIST_NAME } from './services/site/site-settings.ts';
import { DEFAULT_SAVE_THUMBNAIL_TIMEOUT_MS } from './services/studio-content/video-thumbnails.ts';
import { SERVICE_THUMBNAIL_ORIGIN } from '../src/lib/video-thumbnails.ts';

/** A whole number of at least `min`, read from its variable's text; `fallback` when the variable is unset. */
const wholeNumber = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  /** Loopback by default: the server sits behind a proxy on the same machine, and nothing else reaches it. */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The addresses or CIDRs of the reverse proxy in front that terminates TLS (`true`: loopback,
   * a proxy on the same machine). A request whose peer is one of them has the client address
   * that proxy appended to X-Forwarded-For, and https from its X-Forwarded-Proto; any other
   * peer is the client itself, whatever its headers say.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value) => {
      const word = value.trim().toLowerCase();
      if (['', 'false', '0', 'no'].includes(word)) return [];
      if (['true', '1', 'yes'].includes(word)) return [...LOOPBACK_PROXIES];
      return value.split(',').map((entry) => entry.trim());
    })
    .pipe(
      z.array(
        z.string().refine((entry) => parseSubnet(entry) !== null, {
          error: (issue) =>
            `${String(issue.input)} is not an IP address or CIDR (e.g. 127.0.0.1,::1 or 10.0.0.0/8; true means loopback)`,
        }),
      ),
    ),
  /** The built site (`npm run build` writes it). */
  DIST_DIR: z.string().min(1).default('dist'),
  /**
   * The site's builds made by publishing from the studio: one folder per build, `current` (the
   * one served, else DIST_DIR) and `previous` (for rollback). Instances share it. DATA_DIR/builds
   * by default.
   */
  BUILDS_DIR: z.string().min(1).optional(),
  /**
   * How long a build replaced by a publish is kept, in hours: a page loaded from it still asks
   * for its hashed files (an island's code) as the visitor scrolls. 0 keeps only the previous one.
   */
  BUILD_RETENTION_HOURS: wholeNumber(0, 24),
  /** The music: one folder per playlist. */
  MEDIA_DIR: z.string().min(1).default(DEFAULT_MEDIA_DIR),
  /**
   * Where the audio URLs point: this server's /media by default, or a CDN or object store
   * holding the same folders (an absolute https URL, no trailing slash).
   */
  MEDIA_BASE_URL: z
    .union([z.literal('/media'), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or /media' })])
    .default('/media')
    .transform((value) => value.replace(/\/+$/, '')),
  /** Where stored data lives: the contact messages database and the mail outbox. */
  DATA_DIR: z.string().min(1).default('data'),
  /**
   * Where the streaming renditions and waveforms made from the masters are kept (made once,
   * reused across restarts and shared by instances on one media folder): DATA_DIR/renditions
   * by default.
   */
  RENDITIONS_DIR: z.string().min(1).optional(),
  /** The ffmpeg that makes the renditions; without one, the original files are served. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  /**
   * `track`: every track at −14 LUFS on its own. `album`: a playlist's tracks share one gain,
   * so a release keeps its own dynamics (a quiet intro stays quieter than the song after it).
   */
  LOUDNESS_MODE: z.enum(['track', 'album']).default('track'),
  /** Wall-clock seconds one rendition step may take; then its ffmpeg is killed and the step recorded as failed. */
  RENDITION_TIMEOUT_S: wholeNumber(1, DEFAULT_LIMITS.timeoutSeconds),
  /** The longest master (seconds of decoded audio) that gets renditions; a longer one is served as it is. */
  RENDITION_MAX_LENGTH_S: wholeNumber(1, DEFAULT_LIMITS.maxLengthSeconds),
  /**
   * postgres:// URL of a PostgreSQL database for the contact messages, shared by every
   * instance; without it they are kept in SQLite in DATA_DIR.
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(?:ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .transform((value) => value ?? null),
  /** redis:// URL of a Redis server holding the rate limits, shared by every instance; without it each keeps its own. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional()
    .transform((value) => value ?? null),
  /** smtp:// or smtps:// URL of the mail server; without it mails are written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional()
    .transform((value) => value ?? null),
  /** Who receives the messages. */
  MAIL_TO: z.string().min(3).default('artist@localhost'),
  /** The sender of every mail, e.g. `Site <no-reply@andremourapassos.com>`. */
  MAIL_FROM: z.string().min(3).default(`${ARTIST_NAME} <no-reply@andremourapassos.com>`),
  /** Origins allowed to call the API from a browser (comma-separated); empty: same origin only. */
  SITE_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'each origin must be an http(s) URL' }))),
  /**
   * Contact requests a minute from one client address (any request), valid messages a minute
   * from one network (an IPv4 /24 or IPv6 /56), and valid messages a minute from everyone
   * together: a last resort far above what a few networks may send (30 networks at their
   * full share), so that a handful of them cannot close the form for everyone else.
   */
  CONTACT_RATE_LIMIT: wholeNumber(1, 5),
  CONTACT_NETWORK_LIMIT: wholeNumber(1, 20),
  CONTACT_GLOBAL_LIMIT: wholeNumber(1, 600),
  /** Auto-replies an hour to everyone together; past it, messages still reach the artist, without one. */
  AUTO_REPLY_HOURLY_LIMIT: wholeNumber(0, 30),
  /**
   * Confirmation mails of the fans' list an hour, to everyone together: each goes to an address
   * a stranger may have typed, so a flood of sign-ups cannot make the site mail a crowd. Past
   * it, the sign-up asks to try again later; a mailbox gets one a day at most anyway.
   */
  FAN_CONFIRMATIONS_PER_HOUR: wholeNumber(0, 30),
  /**
   * The pace of the fans' list's mails to many at once (an import's confirmations, an
   * announcement), all instances together: mail providers trust a sender who does not burst.
   */
  LIST_MAILS_PER_MINUTE: wholeNumber(1, 60),
  /**
   * Messages the artist gets as single mails in any hour, whatever floods the form; past it,
   * each is still stored and its mail held for the next digest: one mail every
   * DIGEST_INTERVAL_MS (at wall-clock multiples of it) listing up to DIGEST_MAX_MESSAGES held
   * messages, oldest first; the rest wait for the following one.
   */
  ARTIST_MAILS_PER_HOUR: wholeNumber(0, 30),
  DIGEST_INTERVAL_MS: wholeNumber(100, DEFAULT_DIGEST_INTERVAL_MS),
  DIGEST_MAX_MESSAGES: wholeNumber(1, 100),
  /**
   * Requests to the pages' counts (POST /api/events) a minute from one client address: a page
   * sends one or two per visit and a few more while music plays, so this is far above a listener.
   */
  EVENTS_RATE_LIMIT: wholeNumber(1, 60),
  /**
   * Requests to the pages' counts a minute from one network (IPv4 /24, IPv6 /56), of those its
   * addresses were allowed: ten addresses at their full share, so a household, an office or a
   * carrier's shared addresses pass while one network cannot count for a crowd.
   */
  EVENTS_NETWORK_LIMIT: wholeNumber(1, 600),
  /** How often the counts gathered in memory are written to the store, in ms. */
  EVENTS_FLUSH_MS: wholeNumber(100, DEFAULT_FLUSH_MS),
  /**
   * GraphQL requests a minute from one client address: ten a second, far beyond what a
   * listener's player asks, while a CDN in front absorbs the crowd.
   */
  GRAPHQL_RATE_LIMIT: wholeNumber(1, 600),
  /**
   * How long a shared cache (a CDN, the nginx in deploy/nginx/) may serve a successful GraphQL
   * GET answer without asking again, and how much longer it may serve it stale while it
   * revalidates in the background, in seconds. A changed media index changes the ETag.
   */
  GRAPHQL_CACHE_MAX_AGE: wholeNumber(0, 60),
  GRAPHQL_CACHE_STALE: wholeNumber(0, 86_400),
  /** The first retry of a failed delivery after this long; each later one waits twice as long. */
  OUTBOX_RETRY_BASE_MS: wholeNumber(10, 30_000),
  OUTBOX_RETRY_MAX_MS: wholeNumber(10, 3_600_000),
  /**
   * Attempts at most for a delivery that keeps failing (4xx, no connection, a refused login);
   * then it is recorded as failed. A 5xx refusal of a recipient or a mail ends it at once.
   */
  OUTBOX_MAX_ATTEMPTS: wholeNumber(1, 50),
  /**
   * How long an instance holds a message it is delivering; if it dies meanwhile, another one
   * takes the message over after this long. Longer than any SMTP exchange.
   */
  OUTBOX_LEASE_MS: wholeNumber(1000, DEFAULT_LEASE_MS),
  /**
   * The studio's address as the artist's browser sees it (scheme, host, port): its passkeys
   * belong to this host, and the studio's API accepts changes only from this origin.
   * `http://localhost:PORT` by default; WebAuthn allows plain http only on localhost.
   */
  STUDIO_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin, e.g. https://andremourapassos.com' })
    .optional()
    .transform((value) => (value === undefined ? null : new URL(value).origin)),
  /**
   * The public site's address, when the studio has a host of its own (STUDIO_ORIGIN on another
   * host): that host then serves the studio alone, and this one sends `/studio` over to it.
   * Unset, or on the studio's host, both share one origin.
   */
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin, e.g. https://andremourapassos.com' })
    .optional()
    .transform((value) => (value === undefined ? null : new URL(value).origin)),
  /** The studio's page and scripts (`npm run build` writes them). */
  STUDIO_DIR: z.string().min(1).default('dist-studio'),
  /** A studio session ends after this long without a request, and this long after it began. */
  STUDIO_SESSION_IDLE_MS: wholeNumber(1000, 8 * 60 * 60 * 1000),
  STUDIO_SESSION_ABSOLUTE_MS: wholeNumber(1000, 7 * 24 * 60 * 60 * 1000),
  /** Sign-in attempts and invitation look-ups a minute from one client address. */
  STUDIO_AUTH_RATE_LIMIT: wholeNumber(1, 10),
  /** The artist's content files the build reads and the studio edits. */
  CONTENT_DIR: z.string().min(1).default('content'),
  /** Where the studio stores uploaded images, inside CONTENT_DIR (release covers are `./covers/x.jpg`). */
  STUDIO_MEDIA_FOLDER: z
    .string()
    .default(DEFAULT_MEDIA_FOLDER)
    .refine(isPlainFolder, 'must be a folder inside CONTENT_DIR, like releases/covers'),
  /** The largest image the studio takes, in bytes, before it re-encodes it. */
  STUDIO_MAX_IMAGE_BYTES: wholeNumber(1024, 10 * 1024 * 1024),
  /**
   * Where the studio fetches a new video's thumbnail from (the video service; tests and the
   * benchmark point it at a local stand-in), and how long a save waits for it before keeping
   * the drawn stand-in.
   */
  VIDEO_THUMBNAIL_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://i.ytimg.com' })
    .default(SERVICE_THUMBNAIL_ORIGIN),
  VIDEO_THUMBNAIL_TIMEOUT_MS: wholeNumber(100, DEFAULT_SAVE_THUMBNAIL_TIMEOUT_MS),
  /**
   * The largest master the studio takes, in bytes: an hour of 24-bit 96 kHz stereo WAV is about
   * 2 GB, so 4 GB leaves room for long takes in higher rates.
   */
  MEDIA_UPLOAD_MAX_BYTES: wholeNumber(1024, 4 * 1024 * 1024 * 1024),
  /** Where the studio keeps unfinished uploads of masters (never seen by the library): DATA_DIR/uploads by default. */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** A client must send its whole request (headers and body) within this many ms, or get 408. */
  REQUEST_TIMEOUT_MS: wholeNumber(1000, 30_000),
  /**
   * A connection on which nothing could be sent or received for this many ms is closed: a
   * client that asks for a large file and stops reading would otherwise hold the socket and
   * the open file forever. As nginx's send_timeout, the limit is between two writes that
   * moved data, not on the whole answer: a long download that keeps moving is not cut.
   */
  SEND_TIMEOUT_MS: wholeNumber(1000, 60_000),
});

type Env = z.infer<typeof envSchema>;

/** The name of every variable the server reads (documented in .env.example and docs/configuration.md). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];
export type Config = Env & { RENDITIONS_DIR: string; BUILDS_DIR: string; STUDIO_ORIGIN: string; UPLOADS_DIR: string };

/** Reads and validates the configuration; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const config = result.data;
  if (config.SMTP_URL && config.MAIL_TO === 'artist@localhost') {
    throw new Error('Invalid configuration:\n  MAIL_TO: required when SMTP_URL is set (who receives the messages)');
  }
  return {
    ...config,
    DIST_DIR: resolve(config.DIST_DIR),
    MEDIA_DIR: resolve(config.MEDIA_DIR),
    DATA_DIR: resolve(config.DATA_DIR),
    CONTENT_DIR: resolve(config.CONTENT_DIR),
    RENDITIONS_DIR: resolve(config.RENDITIONS_DIR ?? join(config.DATA_DIR, 'renditions')),
    BUILDS_DIR: resolve(config.BUILDS_DIR ?? join(config.DATA_DIR, 'builds')),
    UPLOADS_DIR: resolve(config.UPLOADS_DIR ?? join(config.DATA_DIR, 'uploads')),
    STUDIO_ORIGIN: config.STUDIO_ORIGIN ?? `http://localhost:${config.PORT}`,
    STUDIO_DIR: resolve(config.STUDIO_DIR),
  };
}

/** The limits of one rendition job, from RENDITION_TIMEOUT_S and RENDITION_MAX_LENGTH_S. */
export function renditionLimits(config: Config): RenditionLimits {
  return { timeoutSeconds: config.RENDITION_TIMEOUT_S, maxLengthSeconds: config.RENDITION_MAX_LENGTH_S };
}

/** True outside production: development conveniences (GraphiQL, introspection) are allowed. */
export function isDevelopment(config: Config): boolean {
  return config.NODE_ENV !== 'production';
}
