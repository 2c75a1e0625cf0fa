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
const standIn = (file: string) => fileURLToPath(new URL(`../studio/editor/stand-ins/${file}`, import.meta.url));

/**
 * Parts of Decap's dependencies the studio never runs, replaced by small stand-ins: a Markdown
 * parser for hints the studio writes as plain text, and a JavaScript parser for YAML tags that
 * would make content code. About a fifth of the editor's script, parsed on every phone.
 */
const STAND_INS = [
  { find: /^react-markdown$/, replacement: standIn('plain-hint.tsx') },
  { find: /^remark-gfm$/, replacement: standIn('no-plugin.ts') },
  { find: /^esprima$/, replacement: standIn('no-esprima.ts') },
];
const outDir = fileURLToPath(new URL('../dist-studio/', import.meta.url));

await build({
  configFile: false,
  root,
  base: '/studio/',
  define: { __STUDIO_CMS_CONFIGS__: JSON.stringify(cmsConfigs) },
  resolve: { alias: STAND_INS },
  // Decap's dependencies warn about eval and 'use client' on every build: noise, not news.
  logLevel: 'error',
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    // Which files each part of the studio loads: the server preloads them for a signed-in artist.
    manifest: true,
    // Inlined assets would need data: in more of the studio's policy than images.
    assetsInlineLimit: 0,
  },
});
