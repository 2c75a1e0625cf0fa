/**
 * The sign-up form of the fans' list: its call (POST {api}/api/subscribe with the address and
 * the page's language), what the form makes of the answer, and the texts the landing page
 * switches in the browser (landing-texts.ts). The form words the answer from the status code
 * alone, in the language it sends (components/fan-signup.ts): the server's own message is
 * never shown.
 */
import { API_BASE } from './api.ts';
import { SUBSCRIBE_API } from './fans.ts';
import type { Lang } from './languages.ts';

/**
 * How a sign-up ended, as the form shows it: 'sent' (the server answers alike for a new, a
 * waiting or a confirmed address), 'invalid' (the address was refused: the field is marked),
 * 'busy' (too many tries: later), 'failed' (anything else, the network included).
 */
export type SignUpOutcome = 'sent' | 'invalid' | 'busy' | 'failed';

/** The form's texts in one language, and that language (what the form sends). */
export interface FanSignupTexts {
  lang: Lang;
  label: string;
  submit: string;
}

/** The outcome of an answer, from its status and, for a refusal, the field its body names. */
export function signUpOutcome(status: number, field?: unknown): SignUpOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 429) return 'busy';
  if (status === 400 && field === 'email') return 'invalid';
  return 'failed';
}

/** Sends a sign-up; never throws (a network failure is 'failed'). */
export async function signUp(email: string, lang: Lang, fetchImpl: typeof fetch = fetch): Promise<SignUpOutcome> {
  try {
    const response = await fetchImpl(`${API_BASE}${SUBSCRIBE_API}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, lang }),
    });
    const body = response.status === 400 ? ((await response.json().catch(() => ({}))) as { field?: unknown }) : {};
    return signUpOutcome(response.status, body.field);
  } catch {
    return 'failed';
  }
}
