/**
 * Starts the server: validates the configuration, listens, and closes gracefully on SIGINT
 * or SIGTERM (in-flight requests finish; new ones get 503) within a time limit
 * (close-with-grace).
 */
import closeWithGrace from 'close-with-grace';
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

// On SIGINT, SIGTERM and the like, or an error nothing caught: in-flight requests finish, new
// ones get 503, the outbox and the renditions stop, then the process exits (1 after an error,
// or when closing takes longer than the limit).
closeWithGrace(
  { delay: SHUTDOWN_TIMEOUT_MS, logger: { error: (message: string) => app.log.error(message) } },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  },
);

try {
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (error) {
  app.log.fatal({ err: error }, `could not listen on ${config.HOST}:${config.PORT}`);
  process.exit(1);
}
