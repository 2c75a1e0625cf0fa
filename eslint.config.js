// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Who may import whom (DESIGN.md): islands import stores and lib; stores import lib; lib
 * imports no framework; the server imports nothing from src/ but the shared pure lib; nothing
 * outside tests/ imports from tests/. A wrong arrow fails `npm run check`.
 */
const notTests = { group: ['**/tests/**'], message: 'Only tests import from tests/.' };
const frameworks = {
  group: [
    'react',
    'react-dom',
    'react/*',
    'react-dom/*',
    'nanostores',
    '@nanostores/*',
    'astro',
    'astro/*',
    'astro:*',
    '@astrojs/*',
  ],
  message: 'src/lib is plain TypeScript shared by the build, the browser and the server: no framework.',
};
/**
 * What runs in the browser may not import build-time code. Astro's router
 * (`astro:transitions/client`) is the one `astro:` module made for the browser, and a
 * component's behaviour (the `.ts` beside its `.astro`) is browser code.
 * @param {string} who
 * @returns {{ group?: string[]; regex?: string; message: string }[]}
 */
const pageParts = (who) => {
  const message = `${who} run in the browser: they may not import build-time Astro code.`;
  return [
    { group: ['**/components/**', '!**/components/*.ts', '**/pages/**', '**/layouts/**', '**/data/**'], message },
    { regex: '^astro:(?!transitions/client$)', message },
  ];
};
/**
 * The server's layers: server/services holds a folder per capability (http/, the base layer;
 * contact/, graphql/, media/, site/, studio/, ...) that routes and plugins use, never the reverse.
 * @type {{ group?: string[]; regex?: string; message: string }[]}
 */
const serverParts = [
  {
    group: ['**/src/**', '!**/src/lib', '!**/src/lib/**'],
    message: 'The server imports nothing from src/ but the shared pure lib.',
  },
  { group: ['react', 'react-dom', 'astro', 'astro/*', 'astro:*'], message: 'The server renders nothing.' },
];
/** @type {{ group?: string[]; regex?: string; message: string }[]} */
const serviceParts = [
  ...serverParts,
  {
    regex: '^(\\.\\./)+(routes|plugins)/|^(\\.\\./)+(app|main)\\.ts$',
    message: 'Services are what routes and plugins are made of: they never import a route, a plugin or the app.',
  },
  {
    regex: '^(\\./|(\\.\\./)+)graphql/',
    message: 'The GraphQL endpoint is a front on the media library: routes use it, other services do not.',
  },
];
/**
 * @param {...{ group?: string[]; regex?: string; message: string }} patterns
 * @returns {import('eslint').Linter.RulesRecord}
 */
const importRules = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [notTests, ...patterns] }] });

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-analytics/',
      'dist-studio/',
      '.astro/',
      'node_modules/',
      'data/',
      'media/',
      'perf/results/',
      'test-results/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Fastify handlers and plugins are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['**/*.{ts,tsx,astro,js,mjs}'], ignores: ['tests/**'], rules: importRules() },
  {
    files: ['src/lib/**'],
    rules: importRules(frameworks, {
      group: [
        '**/stores/**',
        '**/islands/**',
        '**/components/**',
        '**/pages/**',
        '**/layouts/**',
        '**/data/**',
        '**/server/**',
      ],
      message: 'src/lib imports only src/lib.',
    }),
  },
  {
    files: ['src/stores/**'],
    rules: importRules(...pageParts('Stores'), {
      group: ['react', 'react-dom', '@nanostores/react', '**/islands/**'],
      message: 'Stores hold state; islands render it.',
    }),
  },
  {
    files: ['src/islands/**'],
    rules: importRules(
      ...pageParts('Islands'),
      { group: ['**/server/**'], message: 'Islands talk to the server over HTTP.' },
      {
        group: ['@nanostores/react'],
        message: 'Islands read the shared stores through useSharedStore, which hydrates without a mismatch.',
      },
    ),
  },
  {
    files: ['src/islands/useSharedStore.ts'],
    rules: importRules(...pageParts('Islands'), {
      group: ['**/server/**'],
      message: 'Islands talk to the server over HTTP.',
    }),
  },
  {
    files: ['src/page-start/**', 'src/components/*.ts'],
    rules: importRules(...pageParts('Page scripts and client directives'), {
      group: ['react', 'react-dom', '**/islands/**', '**/stores/**', '**/server/**'],
      message: 'Page scripts and directives are plain browser code on src/lib.',
    }),
  },
  { files: ['server/**'], rules: importRules(...serverParts) },
  { files: ['server/services/**'], rules: importRules(...serviceParts) },
  {
    files: ['server/services/*.ts'],
    rules: importRules(...serviceParts, {
      regex: '^\\./[^/]+/',
      message: 'The files at the top of server/services serve every capability and import none of their folders.',
    }),
  },
  {
    files: ['server/services/http/**'],
    rules: importRules(...serviceParts, {
      regex: '^\\.\\./(?!\\.\\./)[^/]+/',
      message: 'server/services/http is the base layer the capabilities build on: it imports none of their folders.',
    }),
  },
  astro.configs.recommended,
  {
    // Content is text: markup written as it is passes only through the few places that escape
    // it or write the source's own (JSON for a script element, InlineScript.astro), each saying why.
    files: ['**/*.astro'],
    rules: { 'astro/no-set-html-directive': 'error' },
  },
  {
    files: ['**/*.astro', '**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
