import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = ['auth', 'layout', 'recipes', 'reviews', 'search', 'users', 'home', 'info'];

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
  // Web features do not import each other; the app layer (src/app) combines them.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: webFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [
                  `@/features/${other}/*`,
                  `../${other}/*`,
                  `../../${other}/*`,
                  `../../features/${other}/*`,
                ]),
              message: 'features do not import each other; compose them in src/app',
            },
          ],
        },
      ],
    },
  })),
);
