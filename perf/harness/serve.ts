/**
 * The benchmark's server process: the real app on 127.0.0.1, port 0, in a process of its own, so
 * the load generator does not take turns with it on one event loop (both figures would mean nothing).
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
// The parent sends 'close' (or disconnects); the child closes the app and exits.
process.on('message', (message) => {
  if (message === 'close') void close();
});
process.on('disconnect', () => void close());

process.send?.({ url } satisfies ReadyMessage);
