/**
 * Starts the server: validates the configuration, listens, and closes gracefully on SIGINT
 * or SIGTERM (in-flight requests finish; new ones get 503) within a time limit.
 */
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = await buildApp(config).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (error) {
  app.log.fatal({ err: error }, `could not listen on ${config.HOST}:${config.PORT}`);
  process.exit(1);
}
