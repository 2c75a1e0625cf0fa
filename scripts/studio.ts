/**
 * `npm run studio`: who may edit the site. `-- invite "<name>"` prints a link, valid a day and
 * once, with which that person creates their passkey; `-- list` shows people and their
 * passkeys; `-- email "<name>" <address>` sets where the studio tells them of a new passkey (`-`
 * forgets it); `-- revoke "<name>"` removes a person, their passkeys and sessions. Works on the
 * store the server is configured with (DATABASE_URL, else SQLite in DATA_DIR).
 * Exit codes: 0 done, 1 could not (configuration, database, unknown name), 2 wrong usage.
 */
import { loadConfig } from '../server/config.ts';
import { describeStore, storeLocation } from '../server/services/stores/open-store.ts';
import { openStudioStore } from '../server/services/stores/open-studio-store.ts';
import type { StudioStore } from '../server/services/studio/studio-store.ts';
import { hashToken, newToken } from '../server/services/studio/tokens.ts';
import { z } from 'zod';
import { CONTROL_CHARACTER, escapeControls } from '../src/lib/control-characters.ts';
import { INVITATION_FRAGMENT_KEY } from '../src/lib/studio-auth.ts';

const USAGE = `Usage:
  npm run studio -- invite "<name>"   print a link (valid 24 hours, once) to create a passkey
  npm run studio -- list              people and their passkeys
  npm run studio -- email "<name>" <address>   where a new passkey of theirs is announced (- forgets it)
  npm run studio -- revoke "<name>"   remove a person, their passkeys and sessions`;
/** Names as the studio shows them: one line, short enough for a phone's top bar. */
const NAME_MAX = 80;

const fail = (message: string, code = 1): never => {
  console.error(message);
  process.exit(code);
};

const [command, ...args] = process.argv.slice(2);
// The address is the last word: names may have spaces, addresses have none.
const address = command === 'email' ? (args.at(-1) ?? '') : '';
const rest = command === 'email' ? args.slice(0, -1) : args;
const name = rest.join(' ').trim();
if (command === 'email' && address !== '-' && !z.email().safeParse(address).success)
  fail(`${USAGE}\n\nGive the address last, e.g. npm run studio -- email "André" andre@example.com`, 2);
if (command === 'invite' || command === 'revoke' || command === 'email') {
  if (!name) fail(`${USAGE}\n\nName the person, e.g. npm run studio -- ${command} "André"`, 2);
  if (name.length > NAME_MAX || CONTROL_CHARACTER.test(name))
    fail(`The name must be one line of at most ${NAME_MAX} characters.`, 2);
} else if (command !== 'list') {
  fail(USAGE, 2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  fail((error as Error).message);
}
if (!config) process.exit(1);
const location = storeLocation(config);
const store: StudioStore = await openStudioStore(location).catch((error: unknown) =>
  fail(`Cannot open the studio's store (${describeStore(location)}): ${(error as Error).message}`),
);

const day = (ms: number | null) => (ms === null ? 'never' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16));

try {
  if (command === 'invite') {
    if (await store.personNamed(name)) {
      fail(
        `${name} can already sign in. Once signed in, they can add another passkey in the studio; or revoke them first.`,
      );
    }
    const token = newToken();
    await store.invite(name, hashToken(token));
    console.log(`Send this link to ${name} (it works once, for 24 hours):\n`);
    console.log(`${config.STUDIO_ORIGIN}/studio/#${INVITATION_FRAGMENT_KEY}=${token}`);
  } else if (command === 'email') {
    const email = address === '-' ? null : address;
    if (!(await store.setEmail(name, email))) fail(`Nobody is named ${name} (npm run studio -- list shows who is).`);
    console.log(
      email
        ? `A new passkey of ${name} will be announced to ${email}.`
        : `${name} has no address any more: a new passkey of theirs is not announced.`,
    );
  } else if (command === 'revoke') {
    if (!(await store.removePerson(name))) fail(`Nobody is named ${name} (npm run studio -- list shows who is).`);
    console.log(`${name} can no longer sign in: their passkeys and sessions are gone.`);
  } else {
    const people = await store.people();
    if (people.length === 0) console.log('Nobody can sign in yet (npm run studio -- invite "<name>").');
    for (const person of people) {
      console.log(`${person.name}  (since ${day(person.createdMs)}; ${person.email ?? 'no address for notices'})`);
      for (const passkey of person.passkeys) {
        // The name is the person's own text: shown escaped, so it cannot drive the terminal.
        const named = passkey.name === null ? '' : ` "${escapeControls(passkey.name)}"`;
        console.log(
          `    passkey ${passkey.id.slice(0, 12)}…${named}  created ${day(passkey.createdMs)}, last used ${day(passkey.lastUsedMs)}`,
        );
      }
    }
  }
} finally {
  await store.close();
}
