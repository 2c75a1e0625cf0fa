/**
 * A stand-in for the site's build, run by the publisher as a real program: writes the fixture
 * site into the folder it is given, its pages carrying the edition in the stand-in project's
 * edition file (`FIXTURE_BUILD_EDITION`). Its environment makes it fail, write nothing, or wait at a gate.
 *
 *   node tests/unit/server/fixture-build.ts <outDir>
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeFixtureFiles } from './fixture-files.ts';

const outDir = process.argv[2] ?? '';
const {
  FIXTURE_BUILD_EDITION: editionFile = '',
  FIXTURE_BUILD_LOG: log,
  FIXTURE_BUILD_GATE: gate,
  FIXTURE_BUILD_MODE: mode,
} = process.env;
const edition = editionFile && existsSync(editionFile) ? readFileSync(editionFile, 'utf8').trim() : '';

// The content is read first, as astro does: what is saved later belongs to the next build.
if (log) appendFileSync(log, `start ${edition}\n`);
if (gate) {
  writeFileSync(`${gate}.started`, '');
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      if (!existsSync(gate)) return;
      clearInterval(timer);
      done();
    }, 20);
  });
}
if (mode === 'fail') {
  console.log('building pages…');
  console.error(`[content] ${editionFile}: "title" is required`);
  console.error(`  at ${resolve(outDir, 'pt.html')}`);
  process.exitCode = 1;
} else if (mode !== 'nothing') {
  writeFixtureFiles(outDir, edition);
  console.log(`  ├─ /pt.html (+1ms)\n  └─ /en.html (+1ms)`);
}
if (log) appendFileSync(log, 'end\n');
