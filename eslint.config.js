// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const projects = ['./tsconfig.check.json', './apps/web/tsconfig.json', './e2e/tsconfig.json'];

/** Services and rules replay exactly only if time and chance come in through seams (STYLE). */
const noAmbientClockOrChance = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Read time from the injected Clock, not Date.now().',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read time from the injected Clock, not new Date().',
  },
  {
    selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
    message: 'Use the injected Random, not Math.random().',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: projects, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: projects,
          noWarnOnMultipleProjects: true,
          conditionNames: ['source', 'types', 'import', 'node', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Handlers and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      // One direction of dependency: domain ← contract ← apps; apps never import each other (STYLE).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/domain',
              from: ['./packages/contract', './apps'],
              message: 'domain imports nothing of ours',
            },
            {
              target: './packages/contract',
              from: './apps',
              message: 'the contract never imports an app',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'apps never import each other',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'apps never import each other',
            },
            // Inside the server: routes → service → queries → db.
            {
              target: './apps/server/src/**/*.queries.ts',
              from: ['./apps/server/src/**/*.service.ts', './apps/server/src/**/*.routes.ts'],
              message: 'queries sit below services and routes',
            },
            {
              target: './apps/server/src/**/*.service.ts',
              from: './apps/server/src/**/*.routes.ts',
              message: 'services sit below routes',
            },
            {
              target: './apps/server/src/db',
              from: './apps/server/src/modules',
              message: 'the database layer knows no module',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^[^.]', message: 'packages/domain has no runtime dependency' }] },
      ],
      'no-restricted-syntax': ['error', ...noAmbientClockOrChance],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/ops/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noAmbientClockOrChance] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo|fixme|skipIf|runIf)$/]',
          message: 'Every test runs: no focused, skipped or conditional tests.',
        },
      ],
      // Tests read untyped JSON answers and assert on their shape.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
