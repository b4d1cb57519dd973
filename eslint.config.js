// @ts-check
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Web features never import each other; app/ is the only place they meet (docs/conventions.md#web-features). */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** A server module's SQL is its own: another module calls its service (docs/architecture.md). */
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverZones = serverModules.map((module) => ({
  target: `./apps/server/src/modules/${module}`,
  from: './apps/server/src/modules/*/*.queries.ts',
  except: [fileURLToPath(new URL(`./apps/server/src/modules/${module}/**`, import.meta.url))],
  message: "a module's queries are its own: call that module's service",
}));
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'features never import each other: compose them in app/',
  })),
  {
    target: ['./apps/web/src/lib', './apps/web/src/ui'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'lib/ and ui/ are shared: they know no feature and no route',
  },
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'features never import the app',
  },
];

const projects = ['./tsconfig.check.json', './apps/web/tsconfig.json', './e2e/tsconfig.json'];

/** Services and rules replay exactly only if time and chance come in through seams (docs/conventions.md#seams). */
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
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: {
          project: projects,
          conditionNames: ['source', 'types', 'import', 'node', 'default'],
        },
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Handlers and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Import cycles are a test of the repository's (scripts/import-cycles.ts): this plugin's
      // rule read every module again, 40 % of the lint's time (docs/testing.md).
      'import/no-self-import': 'error',
      // One direction of dependency: domain ← contract ← apps; apps never import each other (docs/conventions.md#layers).
      'import/no-restricted-paths': [
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
            // main.ts starts the two demos in the server's process (npm start is one command);
            // nothing else of the server knows them.
            {
              target: ['./apps/server/src/!(main).ts', './apps/server/src/*/**/!(*.test).ts'],
              from: ['./apps/casino-demo', './apps/tv-demo'],
              message: 'only main.ts starts the demo casino and the TV page',
            },
            {
              target: './apps/web',
              from: ['./apps/server', './apps/casino-demo', './apps/tv-demo'],
              message: 'apps never import each other',
            },
            // The demo casino and the live TV page stand in for outside services: the API server
            // starts them and passes in what they need (package imports, server → demo only).
            {
              target: './apps/casino-demo',
              from: ['./apps/server', './apps/web', './apps/tv-demo'],
              message: 'the demo casino imports no other app: take what it needs as a parameter',
            },
            {
              target: './apps/tv-demo',
              from: ['./apps/server', './apps/web', './apps/casino-demo'],
              message: 'the TV page imports no other app: take what it needs as a parameter',
            },
            ...webZones,
            ...serverZones,
          ],
        },
      ],
    },
  },
  // Inside the server: routes → service → queries → db.
  ...[
    {
      files: ['apps/server/src/**/*.queries.ts'],
      group: ['**/*.service.js', '**/*.routes.js'],
      message: 'queries sit below services and routes',
    },
    {
      files: ['apps/server/src/**/*.service.ts'],
      group: ['**/*.routes.js'],
      message: 'services sit below routes',
    },
    {
      files: ['apps/server/src/db/**/*.ts'],
      group: ['**/modules/**'],
      message: 'the database layer knows no module',
    },
  ].map(({ files, group, message }) => ({
    files,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] },
  })),
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
  // The client ships no schemas: it takes routes and values from the contract's `client` entries
  // and types from anywhere (docs/architecture.md, "The client's contract"). Tests and their
  // fixtures (apps/web/src/test/fixtures, never shipped) may parse.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/fixtures/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*'],
              allowTypeImports: true,
              message: 'the client ships no zod: the server validates',
            },
            {
              regex: '^@backlay/contract/(?!\\w+/client$)',
              allowTypeImports: true,
              message:
                "import routes and values from the area's /client entry (no schemas in the client)",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/modules/**/*.ts',
      'apps/server/src/ops/**/*.ts',
      'apps/casino-demo/src/**/*.ts',
      'apps/tv-demo/src/**/*.ts',
    ],
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
  // Pages the demo servers hand to browsers on their own origins (live TV, the demo casino).
  {
    files: ['apps/casino-demo/assets/**/*.js', 'apps/tv-demo/assets/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
