/**
 * Scenario 5, known attacks: the exact requests that once got through, replayed against a server with the real default limits behind a proxy. Each row
 * is one attack and what must happen instead.
 */
import { loadConfig } from '../../server/config.ts';
import { headerProblems } from './headers.ts';
import { isAnswer, send, sendRaw, statusOf, type Answer } from './http.ts';
import { readMessages } from './mail.ts';
import type { SmtpPeer } from './mail.ts';
import { judged, type Row } from './report.ts';
import type { SoakServer } from './server.ts';

const SCENARIO = 'Known attacks';

/** The limits a production server runs with, for the server this scenario starts. */
export function defaultLimitsEnv(): Record<string, string> {
  const defaults = loadConfig({});
  return {
    CONTACT_RATE_LIMIT: String(defaults.CONTACT_RATE_LIMIT),
    CONTACT_NETWORK_LIMIT: String(defaults.CONTACT_NETWORK_LIMIT),
    CONTACT_GLOBAL_LIMIT: String(defaults.CONTACT_GLOBAL_LIMIT),
    AUTO_REPLY_HOURLY_LIMIT: String(defaults.AUTO_REPLY_HOURLY_LIMIT),
    ARTIST_MAILS_PER_HOUR: String(defaults.ARTIST_MAILS_PER_HOUR),
  };
}

const json = { 'content-type': 'application/json' };

function post(server: SoakServer, from: string, body: unknown): Promise<Answer | null> {
  return send(server.url, '/api/send-email', {
    method: 'POST',
    headers: { ...json, 'x-forwarded-for': from },
    body: JSON.stringify(body),
  }).then((answer) => (isAnswer(answer) ? answer : null));
}

/** Sends 60 valid messages from `from(n)`, then one from `outsider`: how many were accepted, and its status. */
async function floodThenOutsider(server: SoakServer, from: (n: number) => string, outsider: string, tag: string) {
  let accepted = 0;
  for (let n = 0; n < 60; n += 1) {
    const body = { name: 'Flood', email: `${tag}${n}@example.com`, message: `${tag} ${n}`, lang: 'pt' };
    if ((await post(server, from(n), body))?.status === 202) accepted += 1;
  }
  const last = await post(server, outsider, {
    name: 'Bia',
    email: `bia-${tag}@example.com`,
    message: 'Still open?',
    lang: 'pt',
  });
  return { accepted, outsider: last?.status };
}

const fieldOf = (answer: Answer | null) => {
  try {
    return (JSON.parse(answer?.body ?? '') as { field?: string }).field;
  } catch {
    return undefined;
  }
};

/** An answer's head, parsed from raw bytes, as the header checks take it. */
function parseRaw(raw: string): Answer {
  const [head = ''] = raw.split('\r\n\r\n');
  const headers: Answer['headers'] = {};
  for (const line of head.split('\r\n').slice(1)) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: statusOf(raw), headers, body: raw.slice(head.length + 4), ms: 0 };
}

/** Replays every known attack; `dataDir` is the server's, to read back what it stored. */
export async function runKnownAttacks(server: SoakServer, peer: SmtpPeer, dataDir: string): Promise<Row[]> {
  const rows: Row[] = [];

  // 4. The auto-reply greeted whoever the visitor named, at whatever address they typed. First,
  // so that no flood below has spent the hourly cap on auto-replies.
  const spam = { name: 'Win $$$ at http://spam.example/1', email: 'victim@example.test', lang: 'en' };
  await post(server, '192.0.2.150', { ...spam, message: 'Visit http://spam.example/2' });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && !peer.received.some((mail) => mail.recipients.includes(spam.email))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const toVictim = peer.received.find((mail) => mail.recipients.includes(spam.email));
  const carried = !toVictim ? 'no auto-reply arrived' : /spam\.example|Win|\$\$\$/.test(toVictim.raw) ? 'yes' : 'no';
  rows.push(judged(SCENARIO, "auto-reply carries the visitor's text", carried, 'no', carried === 'no'));

  // 1. A NUL cut the stored message short after the visitor was told it arrived.
  const nulCases = ['before\u0000after: rest', '\u0000starts with NUL', 'lone \ud800 surrogate'];
  let cut = 0;
  for (const [n, message] of nulCases.entries()) {
    const answer = await post(server, `192.0.2.${10 + n}`, {
      name: 'Nul',
      email: `nul${n}@example.com`,
      message,
      lang: 'en',
    });
    const storedExactly = (await readMessages(dataDir)).some(
      (m) => m.email === `nul${n}@example.com` && m.message === message,
    );
    const refused = answer?.status === 400 && fieldOf(answer) === 'message';
    if (!(refused || (answer?.status === 202 && storedExactly))) cut += 1;
  }
  rows.push(
    judged(SCENARIO, 'messages with NUL or lone surrogates accepted but not kept exactly', cut, '0', cut === 0),
  );

  // 2. Sixty empty bodies from one address spent the global budget: the form closed for all.
  for (let n = 0; n < 60; n += 1) await post(server, '192.0.2.99', {});
  const afterEmpty = await post(server, '203.0.113.60', {
    name: 'Ana',
    email: 'ana@example.com',
    message: 'Still open?',
    lang: 'pt',
  });
  rows.push(
    judged(
      SCENARIO,
      '60 empty bodies from one address, then a message from another',
      afterEmpty?.status ?? 'no answer',
      '202',
      afterEmpty?.status === 202,
    ),
  );

  // 3. The same from a whole /24, each address within its own limit.
  const oneNetwork = await floodThenOutsider(server, (n) => `198.18.7.${n + 1}`, '198.18.8.1', 'net');
  rows.push(
    judged(
      SCENARIO,
      '60 messages from one /24, then one from another network',
      `${oneNetwork.accepted} of 60 accepted, then ${oneNetwork.outsider ?? 'no answer'}`,
      '≤ the network limit, then 202',
      oneNetwork.accepted < 60 && oneNetwork.outsider === 202,
    ),
  );

  // 3b. Three /24s at their full share spent the limit for everyone: 429 for all others.
  const threeNetworks = await floodThenOutsider(
    server,
    (n) => `198.18.${20 + (n % 3)}.${1 + (Math.floor(n / 3) % 4)}`,
    '198.18.23.1',
    'three',
  );
  rows.push(
    judged(
      SCENARIO,
      '60 messages from three /24s, then one from a fourth network',
      `${threeNetworks.accepted} of 60 accepted, then ${threeNetworks.outsider ?? 'no answer'}`,
      '60, then 202',
      threeNetworks.accepted === 60 && threeNetworks.outsider === 202,
    ),
  );

  // 3c. Every message the floods got through was one mail in the artist's inbox.
  const { ARTIST_MAILS_PER_HOUR: budget } = loadConfig({});
  const stored = await readMessages(dataDir);
  const single = stored.filter((m) => !m.artistDigest).length;
  rows.push(
    judged(
      SCENARIO,
      `the artist's mails for the ${stored.length} messages stored so far`,
      `${single} single, ${stored.length - single} held for the digest`,
      `≤ ${budget} single (ARTIST_MAILS_PER_HOUR)`,
      single <= budget,
    ),
  );

  // 5. A trailing-slash redirect kept a leading backslash: browsers resolve /\host off-site.
  const redirect = parseRaw(
    (await sendRaw(server.url, ['GET /\\evil.example/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], 0, 3_000))
      .raw,
  );
  const location = String(redirect.headers['location'] ?? '');
  rows.push(
    judged(
      SCENARIO,
      'GET /\\evil.example/ redirects to',
      location || redirect.status,
      'a path on this site',
      location === '' || /^\/(?![/\\])/.test(location),
    ),
  );

  // 6. The answers Node writes itself carried none of the security headers.
  let bare = 0;
  for (const raw of [
    'GARBAGE\r\n\r\n',
    `GET /pt HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
    'GET /pt HTTP/9.9\r\nHost: x\r\n\r\n',
  ]) {
    const answer = parseRaw((await sendRaw(server.url, [raw], 0, 3_000)).raw);
    if (answer.status >= 400 && headerProblems(answer, false).length > 0) bare += 1;
  }
  rows.push(judged(SCENARIO, 'answers written by Node without the security headers', bare, '0', bare === 0));

  // 7. A name mail programs decode into CR LF (an RFC 2047 encoded-word), and a body that is
  // not UTF-8 (stored with U+FFFD), were both answered 202.
  const notUtf8 = Buffer.concat([
    Buffer.from('{"name":"Ana","email":"utf8@example.com","message":"'),
    Buffer.from([0xc0, 0xaf]),
    Buffer.from('","lang":"pt"}'),
  ]);
  const answers = [
    await post(server, '192.0.2.160', {
      name: '=?UTF-8?B?RXZlDQpCY2M6IHZAeC5pbw==?=',
      email: 'encoded@example.com',
      message: 'hi',
      lang: 'pt',
    }),
    await send(server.url, '/api/send-email', {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': '192.0.2.161' },
      body: notUtf8,
    }).then((answer) => (isAnswer(answer) ? answer : null)),
  ];
  const taken = answers.filter((answer) => answer?.status !== 400).length;
  rows.push(judged(SCENARIO, 'encoded-word names and non-UTF-8 bodies not refused', taken, '0', taken === 0));
  return rows;
}
