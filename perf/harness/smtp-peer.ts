/**
 * A real SMTP server on a free loopback port (smtp-server), keeping every mail it accepts,
 * parsed. It can refuse mail (4xx or 5xx) or go down and come back, to test delivery.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope's recipients: where the mail really went. */
  recipients: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpPeer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Refuse every mail with this SMTP code (e.g. 451 or 550), or accept again with null. */
  refuseWith(code: number | null): void;
  /** Refuse one recipient at RCPT TO with this code (e.g. 550), or accept it again with null. */
  refuseRecipient(address: string, code: number | null): void;
  /** How many times each address was offered at RCPT TO, refused or not. */
  recipientAttempts: Map<string, number>;
  /** Stop listening (mail can't be delivered) / listen again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let refusal: number | null = null;
  const refusedRecipients = new Map<string, number>();
  const recipientAttempts = new Map<string, number>();

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // The client's name is only for the server's logs; looking it up cost each connection time.
      disableReverseLookup: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        recipientAttempts.set(address.address, (recipientAttempts.get(address.address) ?? 0) + 1);
        const code = refusedRecipients.get(address.address);
        if (code === undefined) callback();
        else callback(Object.assign(new Error(`<${address.address}>: mailbox unavailable`), { responseCode: code }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (refusal !== null) {
            const error = Object.assign(new Error(`refused with ${refusal}`), { responseCode: refusal });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw)
            .then((parsed) => {
              received.push({ recipients: session.envelope.rcptTo.map((to) => to.address), raw, parsed });
              callback();
            })
            .catch((error: unknown) => callback(error as Error));
        });
      },
    });

  let server = create();
  // A client that vanishes mid-session (a server killed while it sends) is normal here.
  const ignoreClientErrors = () => server.on('error', () => undefined);
  ignoreClientErrors();
  const listen = async (on: number) => {
    await new Promise<void>((resolve) => server.listen(on, '127.0.0.1', resolve));
    return (server.server.address() as AddressInfo).port;
  };
  const actualPort = await listen(port);

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    refuseWith: (code) => {
      refusal = code;
    },
    refuseRecipient: (address, code) => {
      if (code === null) refusedRecipients.delete(address);
      else refusedRecipients.set(address, code);
    },
    recipientAttempts,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
    start: async () => {
      server = create();
      ignoreClientErrors();
      await listen(actualPort);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
