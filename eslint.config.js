import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Feature folders of the web app: each may use shared code but not another feature's internals. */
const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs
      .readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@cityops/server', '@cityops/server/*'],
              message: 'The web app talks to the server through @cityops/contract only.',
            },
            {
              group: ['../../*', '../../../*'],
              message: 'Import across folders through the @/ alias.',
            },
          ],
        },
      ],
    },
  },
  // Shared code (components, lib) must not depend on features or the app.
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/locales/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared code may not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  // A feature does not reach into another feature (bulletproof-react import boundaries).
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features/*',
                `!@/features/${feature}`,
                `!@/features/${feature}/*`,
                '@/app/*',
              ],
              message:
                'A feature may not import another feature or the app; compose them in src/app.',
            },
          ],
        },
      ],
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
