/** The contact form's texts in one language, for the ContactForm island. */
import type { Translate } from '../i18n/index.ts';
import type { ContactLabels } from '../islands/ContactForm.tsx';

const KEYS = ['name', 'email', 'message', 'send', 'sending', 'sent', 'already_received', 'email_failed', 'email_failed_hint'] as const;

export function contactLabels(t: Translate): ContactLabels {
  return Object.fromEntries(KEYS.map((key) => [key, t(`footer:${key}`)])) as Record<(typeof KEYS)[number], string>;
}
