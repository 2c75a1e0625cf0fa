/**
 * `npm run fans -- list`: the fans' list for the artist in a terminal, the newest first, with
 * the confirmed count per language. `npm run fans -- export` prints it as CSV (`-- export --json`
 * as JSON) for a file (`npm run fans -- export > fans.csv`). Reads the store the server is
 * configured with: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR (default ./data).
 */
import { fansCsv, fansJson } from '../server/services/fans/fan-files.ts';
import type { FanStore } from '../server/services/fans/fan-store.ts';
import { openFanStore } from '../server/services/stores/open-fan-store.ts';
import { describeStore } from '../server/services/stores/open-store.ts';
import { LANGUAGES } from '../src/lib/languages.ts';
import { configuredStoreLocation, storeExists } from './store-location.ts';

const USAGE = 'Usage: npm run fans -- list | export [--json]';
const [command] = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
if (command !== 'list' && command !== 'export') {
  console.error(USAGE);
  process.exit(2);
}

const location = configuredStoreLocation();
if (!storeExists(location)) {
  if (command === 'list') console.log(`No fans yet (nothing in ${location.dataDir}).`);
  else process.stdout.write(process.argv.includes('--json') ? fansJson([]) : fansCsv([]));
  process.exit(0);
}

let store: FanStore;
try {
  store = await openFanStore(location);
} catch (error) {
  console.error(`Cannot read the fans (${describeStore(location)}): ${(error as Error).message}`);
  process.exit(1);
}
try {
  const fans = await store.list();
  if (command === 'export') {
    process.stdout.write(process.argv.includes('--json') ? fansJson(fans) : fansCsv(fans));
  } else {
    for (const fan of fans) {
      const since = fan.confirmedAt ? `confirmed ${fan.confirmedAt}` : `signed up ${fan.signedUpAt}`;
      console.log(`#${fan.id}  ${fan.email}  [${fan.lang}]  ${fan.state.toUpperCase()}  ${since}`);
    }
    const counts = await store.counts();
    const perLanguage = LANGUAGES.map((lang) => `${lang} ${counts.confirmed[lang]}`).join(', ');
    console.log(
      `${fans.length} on the list: confirmed ${perLanguage}; ${counts.waiting} waiting to confirm; ${counts.refused} refused by their mail server.`,
    );
  }
} finally {
  await store.close();
}
