/** The contact call: POST {api}/api/send-email with the message and language. */
import { API_BASE } from './api.ts';
import { HONEYPOT_FIELD } from './contact-fields.ts';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  lang: string;
  /** The honeypot: empty unless a bot filled it. */
  [HONEYPOT_FIELD]: string;
}

/** How a send ended, as the form shows it: 'already-received' is the same message sent again. */
export type SendOutcome = 'sent' | 'already-received' | 'failed';

/**
 * Sends a message. A successful answer counts as sent whatever its body says of the mails (the
 * message is stored; delivery comes later), and as already received when the server says it
 * had the very same message a moment ago (it is not stored or mailed twice); a refusal
 * (4xx), a server error (5xx: the message was not stored) or a network failure is 'failed',
 * so the form keeps what was typed.
 */
export async function sendContactMessage(
  message: ContactMessage,
  fetchImpl: typeof fetch = fetch,
): Promise<SendOutcome> {
  try {
    const response = await fetchImpl(`${API_BASE}/api/send-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(message),
    });
    const body = (await response.json().catch(() => ({}))) as { autoReplyStatus?: unknown; duplicate?: unknown };
    console.info('autoReplyStatus:', body.autoReplyStatus);
    if (!response.ok) return 'failed';
    return body.duplicate === true ? 'already-received' : 'sent';
  } catch (error) {
    console.error(error);
    return 'failed';
  }
}
