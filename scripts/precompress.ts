/**
 * Writes brotli and gzip variants next to every compressible file of a build (the site's in
 * dist/, or the one named, as the studio's dist-studio/), so the server (and any CDN that
 * honours them) sends compressed bytes without compressing per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { hasCompressibleType, isCompressible } from './compressible.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const distDir = process.argv[2] ?? 'dist';
const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
let count = 0;
for (const entry of entries) {
  if (!entry.isFile() || !hasCompressibleType(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  const content = await readFile(file);
  if (!isCompressible(entry.name, content.length)) continue;
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  count += 1;
}
console.log(`precompressed ${count} files in ${distDir}`);
