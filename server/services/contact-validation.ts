/**
 * The one schema a contact message must satisfy (trimmed first): name 1–100 characters,
 * a valid email up to 254, message 1–5000, lang pt/en/es (else pt). Control characters are
 * refused in name and email, which go into mail headers. A filled honeypot marks a bot.
 */
import { z } from 'zod';
import { DEFAULT_LANG, LANGUAGES } from '../../src/lib/languages.ts';
import type { NewMessage } from './message-store.ts';

/** The hidden form field only bots fill in. */
export const HONEYPOT_FIELD = 'website';

// eslint-disable-next-line no-control-regex -- these are exactly the characters refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const schema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(100, 'name must be at most 100 characters')
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'name must be one line of text without control characters'),
  email: z
    .string({ error: 'email is required' })
    .trim()
    .min(1, 'email is required')
    .max(254, 'email must be at most 254 characters')
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'email must not contain control characters')
    .pipe(z.email('email must be a valid address')),
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, 'message is required')
    .max(5000, 'message must be at most 5000 characters'),
  lang: z.enum(LANGUAGES).catch(DEFAULT_LANG),
  [HONEYPOT_FIELD]: z.unknown().optional(),
});

export type ContactValidation =
  { ok: true; message: NewMessage; isBot: boolean } | { ok: false; field: string; error: string };

/** Validates a request body; the first problem is named with its field. */
export function validateContact(body: unknown): ContactValidation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, field: 'body', error: 'the body must be a JSON object' };
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, field: String(issue?.path[0] ?? 'body'), error: issue?.message ?? 'invalid input' };
  }
  const { name, email, message, lang } = result.data;
  const trap = result.data[HONEYPOT_FIELD];
  return {
    ok: true,
    message: { name, email, message, lang },
    isBot: typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null,
  };
}
