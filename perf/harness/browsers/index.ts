/** Starts an engine by name; E2E_ENGINES (e.g. `webkit` or `firefox,webkit`) picks which run. */
import { ENGINES, type Engine, type EngineName } from './driver.ts';
import { launchFirefox } from './firefox.ts';
import { launchWebKit } from './webkit.ts';

export * from './driver.ts';

export function launchEngine(name: EngineName): Promise<Engine> {
  return name === 'firefox' ? launchFirefox() : launchWebKit();
}

/** The engines this run covers: E2E_ENGINES's (`webkit`, `firefox,webkit`, `all`), else both. */
export function selectedEngines(): EngineName[] {
  const wanted = process.env['E2E_ENGINES']
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!wanted?.length || wanted.includes('all')) return [...ENGINES];
  const unknown = wanted.filter((name) => !(ENGINES as readonly string[]).includes(name));
  if (unknown.length)
    throw new Error(`E2E_ENGINES names unknown engines: ${unknown.join(', ')} (known: ${ENGINES.join(', ')})`);
  return wanted as EngineName[];
}
