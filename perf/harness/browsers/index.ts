/** Starts an engine by name. */
import type { Engine, EngineName } from './driver.ts';
import { launchFirefox } from './firefox.ts';
import { launchWebKit } from './webkit.ts';

export * from './driver.ts';

export function launchEngine(name: EngineName): Promise<Engine> {
  return name === 'firefox' ? launchFirefox() : launchWebKit();
}
