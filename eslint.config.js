import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Feature folders of the web app: each may use shared code but not another feature's internals. */
const webFeaturesDir = fileURLToPath(new URL('./apps/web/src/features', import.meta.url));
const webFeatures = fs.existsSync(webFeaturesDir)
  ? fs
      .readdirSync(webFeaturesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/*
 * The web app's import boundaries (docs/architecture.md, "Web"). In a flat config a
 * later block's options for a rule replace the earlier ones, so every web block
 * states the whole list: the rules of the whole app plus those of its folder.
 */
const webEverywhere = [
  {
    group: ['**/apps/server/**', '@cityops/server', '@cityops/server/*'],
    message: 'The web app talks to the server through @cityops/contract only.',
  },
  {
    group: ['**/packages/contract/**', '@cityops/contract/*'],
    message:
      'Import the contract as @cityops/contract (its index keeps zod off the first screens).',
  },
  {
    group: ['zod', 'zod/*'],
    message: "zod stays out of the browser: use the contract's plain modules and types.",
  },
  {
    group: ['../../*', '../../../*', '../../../../*'],
    message: 'Import across folders through the @/ alias.',
  },
];
const sharedMayNot = {
  group: ['@/features', '@/features/*', '@/app', '@/app/*'],
  message: 'Shared code (components, lib, stores, locales) may not import features or the app.',
};
const featureMayNot = (feature) => ({
  group: [
    '@/features/*',
    `!@/features/${feature}`,
    `!@/features/${feature}/**`,
    '@/app',
    '@/app/*',
  ],
  message: 'A feature may not import another feature or the app; compose them in src/app.',
});
const webImports = (...patterns) => ['error', { patterns: [...webEverywhere, ...patterns] }];
/**
 * `import('…')` is not seen by no-restricted-imports; the same boundaries for lazy
 * imports. (esquery's regular expressions cannot contain a slash: `\x2F` is one.)
 */
const lazyImportsOf = (forbidden, message) => [
  'error',
  { selector: `ImportExpression > Literal[value=${forbidden}]`, message },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/.tmp/**',
      // Files that break the boundaries on purpose: lint-boundaries.test.ts lints them.
      'apps/web/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      'no-restricted-imports': webImports(),
    },
  },
  // Shared code must not depend on features or the app.
  {
    files: [
      'apps/web/src/components/**',
      'apps/web/src/lib/**',
      'apps/web/src/stores/**',
      'apps/web/src/locales/**',
    ],
    rules: {
      'no-restricted-imports': webImports(sharedMayNot),
      'no-restricted-syntax': lazyImportsOf(
        '/^@\\x2F(features|app)(\\x2F|$)/',
        sharedMayNot.message,
      ),
    },
  },
  // The web test files share one module graph per worker (apps/web/vitest.config.ts,
  // isolate: false): a module mocked by one file would leak into, or miss, the others.
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Web test files share modules (docs/testing.md): watch what the code does instead of mocking a module.',
        })),
      ],
    },
  },
  // The demo subsystem page stands for a vendor's page: nothing of the web app, only the
  // contract's plain modules and the libraries a vendor would use (jose, oauth4webapi).
  {
    files: ['apps/web/src/demo-subsystem/**'],
    rules: {
      'no-restricted-imports': webImports({
        group: ['@/*'],
        message: 'The demo subsystem is a page of its own: it imports nothing of the web app.',
      }),
    },
  },
  // A feature does not reach into another feature (bulletproof-react import boundaries).
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': webImports(featureMayNot(feature)),
      'no-restricted-syntax': lazyImportsOf(
        `/^@\\x2F(app(\\x2F|$)|features\\x2F(?!${feature}(\\x2F|$)))/`,
        featureMayNot(feature).message,
      ),
    },
  })),
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@cityops/web'],
              message: 'The server does not import web code.',
            },
          ],
        },
      ],
    },
  },
);
