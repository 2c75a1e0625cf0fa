/**
 * What most soak scenarios start with and end on: a real SMTP peer, a fresh data folder, a copy
 * of the demo music, and the real server wired to them; stopped whatever happens.
 */
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import type { SoakContext } from './context.ts';
import { mailEnv, startSmtpPeer, type SmtpPeer } from './mail.ts';
import { copyMedia } from './media.ts';
import { startSoakServer, type SoakServer } from './server.ts';

export interface ScenarioRig {
  server: SoakServer;
  peer: SmtpPeer;
  dataDir: string;
}

/** Runs `run` against a server of its own for `scenario`, with `env` over the mail settings. */
export async function withScenarioServer<T>(
  context: SoakContext,
  scenario: string,
  env: Record<string, string>,
  run: (rig: ScenarioRig) => Promise<T>,
): Promise<T> {
  const peer = await startSmtpPeer();
  try {
    const dataDir = await mkdtemp(join(context.root, 'data-'));
    const server = await startSoakServer(context.distDir, {
      scenario,
      logFile: context.logFile,
      dataDir,
      mediaDir: await copyMedia(context.mediaTemplate, context.root),
      env: { ...mailEnv(peer), ...env },
    });
    try {
      return await run({ server, peer, dataDir });
    } finally {
      await server.stop();
    }
  } finally {
    await peer.close();
  }
}
