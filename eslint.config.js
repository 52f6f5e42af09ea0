import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const BROWSER_FORBIDDEN = [
  './src/server/**',
  './src/db/**',
  './src/**/*.routes.ts',
  './src/**/*.service.ts',
  './src/**/*.table.ts',
  './src/**/*.server.ts',
  './src/**/*.seed.ts',
]

export default tseslint.config(
  {
    ignores: [
      'dist*/**',
      'data/**',
      '.bench/**',
      'node_modules',
      'coverage',
      'playwright-report',
      'test-results/**',
      'src/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // STYLE: boundaries. Browser code never imports server code (types cross via `import type`, which
      // this rule ignores); lib/ and components/ know no feature.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/app', './src/components', './src/lib'],
              from: BROWSER_FORBIDDEN,
              message: 'Browser code must not import server code.',
            },
            {
              target: './src/features/**/*.tsx',
              from: BROWSER_FORBIDDEN,
              message: 'Browser code must not import server code.',
            },
            {
              target: './src/features/**/use-*.ts',
              from: BROWSER_FORBIDDEN,
              message: 'Browser code must not import server code.',
            },
            {
              target: ['./src/lib', './src/components'],
              from: './src/features',
              message: 'lib/ and components/ know no feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'src/server/**', 'src/db/**'],
    rules: { 'no-console': 'off' },
  },
)
