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
});

export type Config = Omit<z.infer<typeof envSchema>, 'DIST_DIR'> & { DIST_DIR: string };

/** Reads and validates the configuration; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return { ...result.data, DIST_DIR: resolve(result.data.DIST_DIR) };
}
