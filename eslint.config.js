import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/*.gen.ts',
      '**/drizzle/**',
      'data/**',
      'bench/.tmp/**',
      '.tools/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through the env module.',
        },
      ],
    },
  },
  {
    // The env modules, test set-up and scripts are where the environment is read.
    files: [
      '**/env.ts',
      '**/testing.ts',
      '**/testing-global-setup.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**',
      'scripts/**',
      'e2e/**',
      'bench/**',
      'soak/**',
      '**/*.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The client imports the API's schemas: a value imported from the database package there would
    // bundle PGlite (about 15 MB) into the browser build.
    files: ['packages/api/src/**/*.schema.ts', 'packages/api/src/schemas.ts', 'apps/client/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@fiveconnect/db',
              message: 'Only types from the database package may reach the client.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Every JSON call from the client goes through the tRPC client (lib/trpc.ts), so there is one
    // transport and one error model (lib/api-errors.ts). Plain HTTP is for raw bytes only, in the
    // modules allowed below.
    files: ['apps/client/src/**/*.ts', 'apps/client/src/**/*.tsx'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**',
      // fetch, wrapped to report whether the server could be reached.
      'apps/client/src/lib/connectivity.ts',
      // The tRPC link's fetch.
      'apps/client/src/lib/trpc.ts',
      // The PUT of a file to its signed URL, and the multipart POST of a recording.
      'apps/client/src/lib/uploads.ts',
      // GET /api/health: whether the server answers at all.
      'apps/client/src/offline/start-offline.ts',
      // POST /api/connections/{id}/transcribe, until connections.transcribe is a procedure.
      'apps/client/src/offline/outbox-api.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.name='fetch']",
          "MemberExpression[property.name='fetch'][object.name=/^(window|globalThis|self)$/]",
          "NewExpression[callee.name='XMLHttpRequest']",
          "MemberExpression[property.name='sendBeacon']",
          "Identifier[name='reportingFetch']",
        ].map((selector) => ({
          selector,
          message: 'Call the API through the tRPC client (lib/trpc.ts); plain HTTP is for bytes.',
        })),
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
)
