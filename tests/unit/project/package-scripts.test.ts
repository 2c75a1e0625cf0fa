import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface PackageJson {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson;

/** Every file a script hands to `node`, skipping the flags before it (`node --flag file.ts`). */
function nodeFiles(command: string): string[] {
  const files: string[] = [];
  for (const part of command.split(/&&|\|\||;/)) {
    const words = part.trim().split(/\s+/);
    const at = words.indexOf('node');
    if (at === -1) continue;
    const file = words.slice(at + 1).find((word) => !word.startsWith('-'));
    if (file) files.push(file);
  }
  return files;
}

describe('package.json scripts', () => {
  const entries = Object.entries(pkg.scripts).flatMap(([name, command]) =>
    nodeFiles(command).map((file) => [name, file] as const),
  );

  it('hand node at least the scripts we know of', () => {
    // Guards the parser above: were it to find nothing, the next test would pass vacuously.
    expect(entries.map(([name]) => name)).toEqual(expect.arrayContaining(['test', 'serve', 'bench', 'soak']));
  });

  it.each(entries)('%s runs a file that exists: %s', (_name, file) => {
    expect(existsSync(file), `${file} is missing`).toBe(true);
  });

  it('every npm run target names a script that exists', () => {
    const targets = Object.values(pkg.scripts).flatMap((command) =>
      [...command.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] ?? ''),
    );
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(pkg.scripts, `npm run ${target}`).toHaveProperty([target]);
  });
});

describe('the Node pin', () => {
  it('is an exact Node 24 (LTS) release, compared as numbers', () => {
    const pin = pkg.dependencies.node ?? '';
    expect(pin).toMatch(/^24\.\d+\.\d+$/);
    const [, minor = 0] = pin.split('.').map(Number);
    // 24.21.0 was the newest 24 LTS when this was pinned; a downgrade is a mistake.
    expect(minor).toBeGreaterThanOrEqual(21);
  });
});
