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
