/**
 * What a failed delivery means. An SMTP server that refuses the recipient (RCPT TO) or the
 * mail itself (after DATA) with a 5xx code has answered for good: asking again would only
 * repeat the refusal and, for a stranger's address, hurt the sending domain's name. Anything
 * else (4xx, a refused login or sender, which are this server's settings, a connection that
 * failed) may pass later, and is tried again up to a limit.
 */

/** The SMTP commands whose 5xx refusal is about this one mail, not about the server's setup. */
const PER_MAIL_COMMANDS = new Set(['RCPT TO', 'DATA']);

export interface DeliveryFailure {
  /** Asking again cannot help. */
  permanent: boolean;
  /** One line for the stored state and the log: the SMTP code, command and answer, or the error. */
  summary: string;
}

interface MailError {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
  response?: unknown;
}

/** Describes an error thrown while sending a mail (nodemailer's, or any other). */
export function describeFailure(error: unknown): DeliveryFailure {
  const { message, code, responseCode, command, response } = (error ?? {}) as MailError;
  const oneLine = (text: unknown) => String(text).replace(/\s+/g, ' ').trim();
  if (typeof responseCode === 'number') {
    return {
      permanent: responseCode >= 500 && responseCode < 600 && PER_MAIL_COMMANDS.has(String(command)),
      summary: `SMTP ${responseCode} at ${oneLine(command ?? 'unknown command')}: ${oneLine(response ?? message)}`,
    };
  }
  return { permanent: false, summary: oneLine(typeof code === 'string' ? `${code}: ${String(message)}` : message) };
}
