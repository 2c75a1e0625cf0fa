/**
 * The contact form: idle, then sending (button disabled, 'sending
 * message...'), then sent ('Message sent' with a check mark for 4 s, fields cleared), then
 * idle. The same message sent again shows 'Message already received' the same way (the server
 * keeps it once). When the server refuses the message or the network fails, 'Failed to send' appears
 * next to the button and what the visitor typed stays.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { SENT_CONFIRMATION_MS } from '../lib/constants.ts';
import { sendContactMessage } from '../lib/contact-api.ts';
import { EMAIL_MAX, HONEYPOT_FIELD, MESSAGE_MAX, NAME_MAX } from '../lib/contact-fields.ts';
import { useHydrated } from './useHydrated.ts';
import './contact-form.css';

/** The form's texts, translated by the page (`footer` namespace). */
export interface ContactLabels {
  name: string;
  email: string;
  message: string;
  send: string;
  sending: string;
  sent: string;
  already_received: string;
  email_failed: string;
  email_failed_hint: string;
}

interface ContactFormProps {
  lang: string;
  labels: ContactLabels;
}

type Status = 'idle' | 'sending' | 'sent' | 'received';

const EMPTY = { name: '', email: '', message: '' };

const BUTTON_TEXT: Record<Status, (labels: ContactLabels) => string> = {
  idle: (labels) => labels.send,
  sending: (labels) => labels.sending,
  sent: (labels) => `✓ ${labels.sent}`,
  received: (labels) => `✓ ${labels.already_received}`,
};

export default function ContactForm({ lang, labels }: ContactFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [status, setStatus] = useState<Status>('idle');
  const [failed, setFailed] = useState(false);
  // Until the script runs, a click would submit the form natively: the button waits for it.
  const ready = useHydrated();
  const honeypot = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (status !== 'sent' && status !== 'received') return undefined;
    const timer = setTimeout(() => setStatus('idle'), SENT_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    setStatus('sending');
    setFailed(false);
    const outcome = await sendContactMessage({ ...values, lang, [HONEYPOT_FIELD]: honeypot.current?.value ?? '' });
    if (outcome !== 'failed') {
      setValues(EMPTY);
      setStatus(outcome === 'sent' ? 'sent' : 'received');
    } else {
      setStatus('idle');
      setFailed(true);
    }
  };

  const field = (key: keyof typeof EMPTY) => ({
    id: `contact-${key}`,
    className: 'text-field',
    name: key,
    value: values[key],
    required: true,
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value }),
  });

  return (
    <form className="contact-form" method="post" onSubmit={(event) => void submit(event)}>
      <div className="contact-field">
        <label htmlFor="contact-name">{labels.name}</label>
        <input {...field('name')} type="text" autoComplete="name" maxLength={NAME_MAX} />
      </div>
      <div className="contact-field">
        <label htmlFor="contact-email">{labels.email}</label>
        <input {...field('email')} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
      </div>
      <div className="contact-field">
        <label htmlFor="contact-message">{labels.message}</label>
        <textarea {...field('message')} rows={5} maxLength={MESSAGE_MAX} />
      </div>
      {/* Only bots fill this in: hidden from people and from assistive technology. */}
      <div className="contact-trap" aria-hidden="true">
        <label htmlFor={`contact-${HONEYPOT_FIELD}`}>Website</label>
        <input
          ref={honeypot}
          id={`contact-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div className="contact-actions">
        <button
          type="submit"
          className="contact-send pill-button"
          disabled={!ready || status === 'sending'}
          data-status={status}
        >
          {BUTTON_TEXT[status](labels)}
        </button>
        <p className="contact-error" role="alert">
          {failed ? `${labels.email_failed}. ${labels.email_failed_hint}` : ''}
        </p>
      </div>
    </form>
  );
}
