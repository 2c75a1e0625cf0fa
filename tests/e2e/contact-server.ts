/**
 * A server of its own for a test file's contact forms, delivering to a real SMTP peer: started
 * before the file's tests, closed after. Call the result to reach it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../perf/harness/smtp-peer.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';

export interface ContactServer {
  baseUrl: string;
  smtp: SmtpPeer;
}

export function useContactServer(env: Record<string, string> = {}): () => ContactServer {
  let server: ContactServer | undefined;
  let app: FastifyInstance | undefined;
  let folders: string[] = [];
  beforeAll(async () => {
    const smtp = await startSmtpPeer();
    folders = [mkdtempSync(join(tmpdir(), 'form-media-')), mkdtempSync(join(tmpdir(), 'form-data-'))];
    const [mediaDir = '', dataDir = ''] = folders;
    app = await buildApp(
      loadConfig({
        DIST_DIR: 'dist',
        MEDIA_DIR: mediaDir,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SMTP_URL: smtp.url,
        MAIL_TO: 'andre@example.com',
        ...env,
      }),
      { watchMedia: false },
    );
    server = { baseUrl: await app.listen({ host: '127.0.0.1', port: 0 }), smtp };
  });
  afterAll(async () => {
    await app?.close();
    await server?.smtp.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error('The contact server did not start; see the error of beforeAll.');
    return server;
  };
}
