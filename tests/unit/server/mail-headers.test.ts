/**
 * What the artist's mail client shows in the headers: any name the form accepts, once sent
 * over SMTP to a real peer and decoded by a real parser (mailparser, which decodes RFC 2047
 * encoded-words as mail clients do), never holds a control or bidirectional character.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ONE_LINE, validateContact } from '../../../server/services/contact/contact-validation.ts';
import type { Mailer } from '../../../server/services/contact/mailer.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { peerMailer, unattemptedMessage } from './contact-fixture.ts';

let smtp: SmtpPeer;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  mailer = peerMailer(smtp, { pool: true });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
});

/** Characters a header must never show once decoded. */
const DANGEROUS = ['\r', '\n', '\u0000', '\u202e', '\u2066', '\u0085', '\u2028', '\u001b'];

/** An RFC 2047 encoded-word carrying `text`, in any case, charset and encoding. */
const encodedWord = fc
  .record({
    text: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 10 }),
      fc.constantFrom(...DANGEROUS).map((c) => `Eve${c}Bcc: x@evil.example`),
    ),
    charset: fc.constantFrom('UTF-8', 'utf-8', 'Utf-8', 'ISO-8859-1', 'us-ascii', 'windows-1252'),
    base64: fc.boolean(),
    upper: fc.boolean(),
  })
  .map(({ text, charset, base64, upper }) => {
    const bytes = Buffer.from(text, 'utf8');
    const payload = base64
      ? bytes.toString('base64')
      : [...bytes].map((byte) => `=${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
    const encoding = base64 ? 'B' : 'Q';
    return `=?${charset}?${upper ? encoding : encoding.toLowerCase()}?${payload}?=`;
  });

/**
 * Any Unicode, encoded-words, and both mixed. Printable text comes often enough that well over
 * a fifth of the names are accepted: the property then says something about the mails sent.
 */
const names = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), weight: 2 },
  { arbitrary: encodedWord, weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.string({ unit: 'binary', maxLength: 20 }), encodedWord, fc.string({ unit: 'grapheme', maxLength: 20 }))
      .map((parts) => parts.join(' ')),
    weight: 1,
  },
);

describe('headers built from the visitor', () => {
  it('decode, in the mail that reaches the SMTP peer, to no control or bidirectional character', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        const result = validateContact({ name, email: 'eve@example.org', message: 'hi', lang: 'en' });
        if (!result.ok) return;
        accepted += 1;
        const message = unattemptedMessage(result.message, accepted, {
          artistStatus: 'pending',
          artistDigest: false,
          replyStatus: 'pending',
        });
        const before = smtp.received.length;
        await mailer.sendToArtist(message);
        await mailer.sendAutoReply(message);
        const mails = smtp.received.slice(before);
        expect(mails).toHaveLength(2);
        for (const { parsed } of mails) {
          const shown = [
            parsed.subject ?? '',
            ...[parsed.from, parsed.replyTo, ...[parsed.to ?? []].flat()].flatMap(
              (field) => field?.value.map((address) => `${address.name} ${address.address ?? ''}`) ?? [],
            ),
          ];
          for (const text of shown) expect(NOT_ONE_LINE.test(text), JSON.stringify(text)).toBe(false);
        }
        // What the artist sees is what the visitor typed.
        expect(mails[0]?.parsed.replyTo?.value[0]?.name).toBe(result.message.name);
      }),
      { numRuns: 150 },
    );
    expect(accepted).toBeGreaterThan(20);
  }, 60_000);
});
