/**
 * The one schema a contact message must satisfy: what is accepted is stored and delivered
 * exactly, so what cannot be is refused here, naming the field.
 */
import { z } from 'zod';
import { EMAIL_MAX, HONEYPOT_FIELD, MESSAGE_MAX, NAME_MAX } from '../../../src/lib/contact-fields.ts';
import { CONTROL_CHARACTER } from '../../../src/lib/control-characters.ts';
import { DEFAULT_LANG, LANGUAGES } from '../../../src/lib/languages.ts';
import type { NewMessage } from './message-store.ts';

/** C0 and C1 controls, DEL, line and paragraph separators, bidirectional controls. */
export const NOT_ONE_LINE = CONTROL_CHARACTER;
/** The C0 and C1 controls and DEL but for tab, LF and CR, which a message may hold. */
// eslint-disable-next-line no-control-regex -- these are exactly the characters refused
export const NOT_PLAIN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Where an encoded-word starts; decoders are lenient about the rest, so this alone is refused. */
const ENCODED_WORD_START = '=?';

/** A string field, trimmed and bounded, refusing what cannot be stored and sent exactly. */
export const textField = (field: string, max: number, forbidden: RegExp, forbiddenMessage: string) =>
  z
    .string({ error: `${field} is required` })
    .refine((value) => value.isWellFormed(), `${field} must be valid Unicode text (no lone surrogates)`)
    .refine((value) => !forbidden.test(value), forbiddenMessage)
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/**
 * - name and email are one line of plain text: no control characters, line or paragraph
 *   separators or bidirectional controls (they go into mail headers and the artist's list,
 *   where they could hide text);
 * - the name holds no `=?`, which opens an RFC 2047 encoded-word: mail clients decode one in
 *   a header (Subject, Reply-To) into any character at all, CR, LF, NUL and RLO included;
 * - the message may hold tabs and line breaks (stored as LF; mail sends CRLF anyway), but no
 *   other control character: a NUL would cut the text short when SQLite reads it back;
 * - no field may hold half of a surrogate pair, which no encoding can store.
 * Every field is trimmed; lang is pt, en or es, else pt; a filled honeypot marks a bot.
 */
const schema = z.object({
  name: textField('name', NAME_MAX, NOT_ONE_LINE, 'name must be one line of text without control characters').refine(
    (value) => !value.includes(ENCODED_WORD_START),
    `name must not contain "${ENCODED_WORD_START}" (mail programs would decode what follows)`,
  ),
  email: textField('email', EMAIL_MAX, NOT_ONE_LINE, 'email must not contain control characters').pipe(
    z.email('email must be a valid address'),
  ),
  message: textField(
    'message',
    MESSAGE_MAX,
    NOT_PLAIN_TEXT,
    'message must be plain text: control characters other than tab and line breaks are not allowed',
  ).transform((value) => value.replace(/\r\n?/g, '\n')),
  lang: z.enum(LANGUAGES).catch(DEFAULT_LANG),
  [HONEYPOT_FIELD]: z.unknown().optional(),
});

/** A message that passed, as the route hands it on. */
export interface ValidContact {
  ok: true;
  message: NewMessage;
  isBot: boolean;
}

export type ContactValidation = ValidContact | BodyRefusal;

/**
 * The route's body schema, as Fastify documents it (`schema.body`); the validation itself is
 * `validateContact`, which the route gives Fastify as its validator.
 */
const bodyJsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
// lang may be left out (it falls back to pt), which zod's `.catch` does not tell JSON Schema.
export const CONTACT_BODY_SCHEMA = {
  ...bodyJsonSchema,
  required: (bodyJsonSchema.required ?? []).filter((field) => field !== 'lang'),
};

/** A refused body: the first problem, named with its field. */
export interface BodyRefusal {
  ok: false;
  field: string;
  error: string;
}

/** Parses a JSON object body with `shape`: its data, or the first problem named with its field. */
export function parseBody<T>(shape: z.ZodType<T>, body: unknown): { ok: true; data: T } | BodyRefusal {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, field: 'body', error: 'the body must be a JSON object' };
  }
  const result = shape.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  return {
    ok: false,
    field: issue?.path.length ? issue.path.join('.') : 'body',
    error: issue?.message ?? 'invalid input',
  };
}

/** Validates a request body; the first problem is named with its field. */
export function validateContact(body: unknown): ContactValidation {
  const result = parseBody(schema, body);
  if (!result.ok) return result;
  const { name, email, message, lang } = result.data;
  const trap = result.data[HONEYPOT_FIELD];
  return {
    ok: true,
    message: { name, email, message, lang },
    isBot: typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null,
  };
}
