/**
 * What a sign-up must be: one mail address, as the contact form takes it, and one of the
 * site's languages (the language of every mail the fan will get).
 */
import { z } from 'zod';
import { EMAIL_MAX } from '../../../src/lib/contact-fields.ts';
import { LANGUAGES, type Lang } from '../../../src/lib/languages.ts';
import { NOT_ONE_LINE, parseBody, textField, type BodyRefusal } from '../contact/contact-validation.ts';

const schema = z.object({
  email: textField('email', EMAIL_MAX, NOT_ONE_LINE, 'email must not contain control characters').pipe(
    z.email('email must be a valid address'),
  ),
  lang: z.enum(LANGUAGES, { error: `lang must be one of ${LANGUAGES.join(', ')}` }),
});

export type SignUpValidation = { ok: true; email: string; lang: Lang } | BodyRefusal;

/** Validates a sign-up body (JSON, or the form's fields); the first problem is named with its field. */
export function validateSignUp(body: unknown): SignUpValidation {
  const result = parseBody(schema, body);
  return result.ok ? { ok: true, ...result.data } : result;
}
