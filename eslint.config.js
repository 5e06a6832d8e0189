import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));
const web = 'apps/web/src';
// Every folder of src/features is a feature: a new one is fenced in without editing this file.
const webFeatures = readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.data-test/**',
      'e2e/artifacts/**',
      'bench/results/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // The contracts package depends on zod alone: nothing of ours, no React, no Fastify, no database code.
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@forkful/*', 'react*', 'fastify*', '@fastify/*', 'drizzle-orm*', 'pg', '../../*'],
              message: 'contracts import zod only',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // One-way arrows (docs/architecture.md): app → features → components and lib, never back, features never
    // sideways. Paths are compared after resolution, so '@/…' and '../…' imports are caught alike.
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `${web}/features/${feature}`,
              from: `${web}/features`,
              except: [`./${feature}`],
              message: 'features do not import each other; compose them in src/app',
            })),
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: 'features do not import the app layer; the app passes what they need as props',
            },
            {
              target: [`${web}/lib`, `${web}/components`],
              from: [`${web}/features`, `${web}/app`],
              message: 'lib and components serve every feature, so they import no feature and not the app layer',
            },
          ],
        },
      ],
    },
  },
);
