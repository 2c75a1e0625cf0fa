/**
 * Builds the studio's page (studio/) with Vite into dist-studio/: index.html and its
 * content-hashed scripts and styles under assets/, served by the server at /studio.
 * `npm run build` runs it after the site's build. The editor's CMS configuration is generated
 * here from the content schemas, so the browser gets plain data and none of the schemas' code.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { LANGUAGES } from '../src/lib/languages.ts';
import { cmsConfig } from '../studio/editor/cms-config.ts';

const cmsConfigs = Object.fromEntries(LANGUAGES.map((lang) => [lang, cmsConfig(lang)]));

const root = fileURLToPath(new URL('../studio/', import.meta.url));
const outDir = fileURLToPath(new URL('../dist-studio/', import.meta.url));

await build({
  configFile: false,
  root,
  base: '/studio/',
  define: { __STUDIO_CMS_CONFIGS__: JSON.stringify(cmsConfigs) },
  // Decap's dependencies warn about eval and 'use client' on every build: noise, not news.
  logLevel: 'error',
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    // What each entry and chunk loads, for the benchmark's count of the studio's bytes.
    manifest: true,
    // Inlined assets would need data: in more of the studio's policy than images.
    assetsInlineLimit: 0,
  },
});
