/**
 * Sends the mails of a contact message: the notification to the artist (reply-to the
 * visitor) and the auto-reply to the visitor, in their language, with the streaming links.
 * Over SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file under
 * DATA_DIR/outbox/ (the embedded default) and the log says where.
 *
 * Every header value goes through nodemailer's address and header encoding, and the
 * visitor's name and address were already refused if they held control characters, so no
 * input can add a header or a recipient. Bodies are plain text only.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { ARTIST_NOTIFICATION, AUTO_REPLY } from './mail-texts.ts';
import type { StoredMessage } from './message-store.ts';

export interface MailerOptions {
  smtpUrl: string | null;
  mailTo: string;
  mailFrom: string;
  /** Where .eml files go when there is no SMTP server. */
  outboxDir: string;
  /** The artist's streaming links, listed in the auto-reply. */
  links: readonly { label: string; href: string }[];
  log: { info: (object: object, message: string) => void };
}

export interface Mailer {
  sendToArtist(message: StoredMessage): Promise<void>;
  sendAutoReply(message: StoredMessage): Promise<void>;
  close(): void;
}

/** The host part of the From address, for Message-IDs. */
const domainOf = (address: string) => /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const domain = domainOf(options.mailFrom);

  async function send(mail: SendMailOptions, file: string): Promise<void> {
    const info = (await transport.sendMail(mail)) as { message?: Buffer | string; messageId?: string };
    if (options.smtpUrl) return;
    await mkdir(options.outboxDir, { recursive: true });
    const path = join(options.outboxDir, file);
    await writeFile(path, info.message ?? '');
    options.log.info({ path }, 'no SMTP_URL set: mail written to a file');
  }

  return {
    async sendToArtist(message) {
      const { labels } = ARTIST_NOTIFICATION;
      await send(
        {
          from: options.mailFrom,
          to: options.mailTo,
          replyTo: { name: message.name, address: message.email },
          subject: ARTIST_NOTIFICATION.subject(message.name),
          // The same id on a retry, so a mail resent after a crash is recognised as one.
          messageId: `<contact-${message.id}-artist@${domain}>`,
          text: [
            ARTIST_NOTIFICATION.intro,
            '',
            `${labels.name}: ${message.name}`,
            `${labels.email}: ${message.email}`,
            `${labels.lang}: ${message.lang}`,
            `${labels.date}: ${message.createdAt}`,
            '',
            `${labels.message}:`,
            message.message,
            '',
            '--',
            ARTIST_NOTIFICATION.replyHint,
          ].join('\n'),
        },
        `${message.id}-artist.eml`,
      );
    },

    async sendAutoReply(message) {
      const texts = AUTO_REPLY[message.lang];
      await send(
        {
          from: options.mailFrom,
          // The address alone: a display name would be the visitor's text in a stranger's inbox.
          to: message.email,
          subject: texts.subject,
          messageId: `<contact-${message.id}-reply@${domain}>`,
          headers: { 'Auto-Submitted': 'auto-replied' },
          text: [
            texts.greeting,
            '',
            texts.body,
            '',
            texts.listen,
            ...options.links.map((link) => `- ${link.label}: ${link.href}`),
            '',
            texts.signOff,
          ].join('\n'),
        },
        `${message.id}-reply.eml`,
      );
    },

    close: () => transport.close(),
  };
}
