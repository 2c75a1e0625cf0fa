/**
 * The benchmark's server process: the real app (`buildApp`) listening on 127.0.0.1, port 0,
 * configured from the environment the parent passes. It runs in its own process so that the
 * load generator does not share its event loop: measured in one process, autocannon and the
 * server would take turns and both figures would mean nothing.
 *
 * Protocol over the IPC channel: the child sends `{ url }` once it listens; the parent sends
 * `'close'` (or disconnects) and the child closes the app and exits.
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';

/** The message this process sends its parent once it listens. */
export interface ReadyMessage {
  url: string;
}

const app = await buildApp(loadConfig(process.env), { watchMedia: false });
const url = await app.listen({ host: '127.0.0.1', port: 0 });

let closing = false;
async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  // Waits for the outbox's delivery in progress, so the database closes cleanly.
  await app.close();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'close') void close();
});
process.on('disconnect', () => void close());

process.send?.({ url } satisfies ReadyMessage);
