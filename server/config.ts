/**
 * The server's configuration: every environment variable it reads, validated once at start
 * by one schema (documented in .env.example and the README).
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set when a reverse proxy terminates TLS, so client addresses and https are read from it. */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** The built site (`npm run build` writes it). */
  DIST_DIR: z.string().min(1).default('dist'),
  /** The music: one folder per playlist. */
  MEDIA_DIR: z.string().min(1).default('media'),
  /**
   * Where the audio URLs point: this server's /media by default, or a CDN or object store
   * holding the same folders (an absolute https URL, no trailing slash).
   */
  MEDIA_BASE_URL: z
    .union([z.literal('/media'), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or /media' })])
    .default('/media')
    .transform((value) => value.replace(/\/+$/, '')),
});

type Env = z.infer<typeof envSchema>;
export type Config = Env;

/** Reads and validates the configuration; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return { ...result.data, DIST_DIR: resolve(result.data.DIST_DIR), MEDIA_DIR: resolve(result.data.MEDIA_DIR) };
}

/** True outside production: development conveniences (GraphiQL, introspection) are allowed. */
export function isDevelopment(config: Config): boolean {
  return config.NODE_ENV !== 'production';
}
