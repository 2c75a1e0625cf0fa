/**
 * The project's commands (`npm run fans`, `messages`, `studio`, `media`) as the tests run them:
 * the real script in a process of its own, on the data the test points it at.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs scripts/`name`.ts with `args`, in this process's environment with `env` over it; its
 * output, or a rejection carrying its output and exit code.
 */
export const runScript = (name: string, args: string[], env: NodeJS.ProcessEnv) =>
  run(process.execPath, ['--disable-warning=ExperimentalWarning', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, ...env },
  });
