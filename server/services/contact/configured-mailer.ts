/** The mailer as the configuration sets it up, for the contact outbox and the studio's notices alike. */
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { Log } from '../log.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { readStreamingLinks } from '../site/site-settings.ts';

/** A mailer over SMTP_URL (else .eml files in DATA_DIR/outbox/), from MAIL_FROM; `pool` keeps its connection open. */
export function configuredMailer(config: Config, log: Pick<Log, 'info'>, pool = false): Mailer {
  return createMailer({
    pool,
    smtpUrl: config.SMTP_URL,
    mailTo: config.MAIL_TO,
    mailFrom: config.MAIL_FROM,
    outboxDir: join(config.DATA_DIR, 'outbox'),
    links: readStreamingLinks(),
    log,
  });
}
