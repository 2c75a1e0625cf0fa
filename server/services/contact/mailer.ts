/**
 * Sends a contact message's mails (to the artist, the auto-reply, the digest of held messages),
 * the studio's notices to its people and the mails of the fans' list, over SMTP when SMTP_URL
 * is set, else as .eml files under DATA_DIR/outbox/. No input can add a header or a recipient: header values go through
 * nodemailer's encoding, the validation refused control characters, and bodies are plain text.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Log } from '../log.ts';
import { ARTIST_DIGEST, ARTIST_NOTIFICATION, AUTO_REPLY, PASSKEY_ADDED } from './mail-texts.ts';
import type { StoredMessage } from './message-store.ts';
import type { StudioNotice } from '../studio/studio-store.ts';
import type { FanMail } from '../fans/fan-mail-queue.ts';
import { announcementHtml, COVER_CID, fanMailContent, type FanLinks } from '../fans/fan-mail-texts.ts';

export interface MailerOptions {
  smtpUrl: string | null;
  mailTo: string;
  mailFrom: string;
  /** Where .eml files go when there is no SMTP server. */
  outboxDir: string;
  /**
   * Keeps one SMTP connection open between mails, for a queue that sends many in a row (the
   * fans' list): a new connection a mail would cost its handshake every time.
   */
  pool?: boolean;
  /** The artist's streaming links, listed in the auto-reply. */
  links: readonly { label: string; href: string }[];
  log: Pick<Log, 'info'>;
}

export interface Mailer {
  sendToArtist(message: StoredMessage): Promise<void>;
  sendAutoReply(message: StoredMessage): Promise<void>;
  /** One mail to the artist listing `messages`, and how many more are `waiting` for a later digest. */
  sendDigest(messages: readonly StoredMessage[], waiting: number): Promise<void>;
  /** Tells a studio person of a change to their account; `studioUrl` is where they act on it. */
  sendStudioNotice(notice: StudioNotice, studioUrl: string): Promise<void>;
  /**
   * A mail of the fans' list; every one after the confirmation can be left in one click
   * (RFC 8058). An announcement's `cover` goes inside it; a `test` (the artist's own copy of
   * an announcement) gets an id of its own.
   */
  sendFanMail(mail: FanMail, links: FanLinks, extra?: { cover?: Uint8Array | null; test?: boolean }): Promise<void>;
  close(): void;
}

/** The host part of the From address, for Message-IDs. */
const domainOf = (address: string) => /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';

/** A message's sender, language and date, one labelled line each, as the artist reads them. */
function senderLines(message: StoredMessage, emailLabel: string): string[] {
  const { labels } = ARTIST_NOTIFICATION;
  return [
    `${labels.name}: ${message.name}`,
    `${emailLabel}: ${message.email}`,
    `${labels.lang}: ${message.lang}`,
    `${labels.date}: ${message.createdAt}`,
  ];
}

/** The digest's text: each message under its own heading, its text indented so it cannot pass for another entry. */
function digestText(messages: readonly StoredMessage[], waiting: number): string {
  const entries = messages.flatMap((message, index) => [
    ARTIST_DIGEST.heading(message.id, index + 1, messages.length),
    ...senderLines(message, ARTIST_DIGEST.replyTo),
    `${ARTIST_NOTIFICATION.labels.message}:`,
    message.message.replace(/^/gm, '    '),
    '',
  ]);
  return [
    ARTIST_DIGEST.intro,
    ARTIST_DIGEST.replyHint,
    '',
    ...entries,
    '--',
    ...(waiting > 0 ? [ARTIST_DIGEST.waiting(waiting)] : []),
    ARTIST_DIGEST.listHint,
  ].join('\n');
}

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? options.pool
      ? nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 1 })
      : nodemailer.createTransport(options.smtpUrl)
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
            ...senderLines(message, ARTIST_NOTIFICATION.labels.email),
            '',
            `${ARTIST_NOTIFICATION.labels.message}:`,
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

    async sendDigest(messages, waiting) {
      // The same messages give the same id, so a digest resent after a crash is recognised as one.
      const key = `${messages[0]?.id ?? 0}-${createHash('sha256')
        .update(messages.map((message) => message.id).join(','))
        .digest('hex')
        .slice(0, 12)}`;
      await send(
        {
          from: options.mailFrom,
          to: options.mailTo,
          subject: ARTIST_DIGEST.subject(messages.length),
          messageId: `<contact-digest-${key}@${domain}>`,
          text: digestText(messages, waiting),
        },
        `digest-${key}.eml`,
      );
    },

    async sendStudioNotice(notice, studioUrl) {
      const texts = PASSKEY_ADDED[notice.lang];
      const when = `${new Date(notice.createdMs).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
      await send(
        {
          from: options.mailFrom,
          to: notice.email,
          subject: texts.subject,
          messageId: `<studio-notice-${notice.id}@${domain}>`,
          headers: { 'Auto-Submitted': 'auto-generated' },
          text: texts.body(when, studioUrl),
        },
        `studio-notice-${notice.id}.eml`,
      );
    },

    async sendFanMail(mail, links, { cover = null, test = false } = {}) {
      const content = fanMailContent(mail.kind, mail.lang, links, mail.announcement?.texts ?? null);
      const withCover =
        mail.announcement && cover
          ? {
              html: announcementHtml(mail.lang, mail.announcement.texts, links.leave),
              attachments: [
                { cid: COVER_CID, filename: 'cover.jpg', contentType: 'image/jpeg', content: Buffer.from(cover) },
              ],
            }
          : {};
      const leaving =
        mail.kind === 'confirm'
          ? {}
          : { 'List-Unsubscribe': `<${links.leave}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
      // The same id on a retry, so a mail resent after a crash is recognised as one.
      const key = test
        ? `test-${randomUUID()}`
        : mail.announcement
          ? `announcement-${mail.announcement.id}-${mail.fanId}`
          : `${mail.id}-${mail.kind}`;
      await send(
        {
          from: options.mailFrom,
          to: mail.email,
          subject: content.subject,
          messageId: `<fans-${key}@${domain}>`,
          headers: { 'Auto-Submitted': 'auto-generated', 'List-Id': `<fans.${domain}>`, ...leaving },
          text: content.text,
          ...withCover,
        },
        `fans-${key}.eml`,
      );
    },

    close: () => transport.close(),
  };
}
