import fs from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readFeatureOrder } from './scripts/feature-order.mjs'

// The house (README "Code tour", docs/decisions/007): arrows point one way.
//   app → features → (components, lib)           browser
//   server/app.server.ts → features → platform → db    server
// Server-only files end in .server.ts; a feature's internals are private: other features import only
// its declared surfaces, <feature>.public.ts (browser-safe) and <feature>.public.server.ts.
const SERVER_ONLY = ['./src/server/**', './src/db/**', './src/platform/**', './src/**/*.server.ts']
const FEATURES = fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory())
const featurePrivacy = FEATURES.map(({ name }) => ({
  target: `./src/features/${name}/**`,
  from: ['./src/features/**'],
  // The rule matches glob exceptions against absolute paths.
  except: [`${name}/**`, '*/*.public.ts', '*/*.public.server.ts', '*/*.table.server.ts'].map((glob) =>
    path.resolve('src/features', glob),
  ),
  message: `Import another feature only through its *.public.ts / *.public.server.ts surface.`,
}))
// The order of the features (src/features/README.md): a feature imports nothing from a higher layer, not even
// a type. Cycles inside a layer are refused by scripts/feature-graph.mjs --check.
const ORDER = readFeatureOrder()
const featureOrder = ORDER.flatMap((layer, index) => {
  const above = ORDER.slice(index + 1).flatMap((upper) => upper.features)
  if (above.length === 0) return []
  return layer.features.map((feature) => ({
    target: `./src/features/${feature}/**`,
    from: above.map((upper) => `./src/features/${upper}/**`),
    message: `'${feature}' (layer '${layer.name}') imports only features below it (src/features/README.md): offer a slot or a hook instead (docs/decisions/007).`,
  }))
})
const layering = [
  {
    target: ['./src/lib', './src/components'],
    from: ['./src/features', './src/app', './src/server', './src/platform'],
    message: 'lib/ and components/ know no feature and no shell.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'src/app only assembles: features never import it.',
  },
  {
    target: './src/features',
    from: './src/server',
    message: 'src/server is the shell that mounts features: shared server pieces live in src/platform.',
  },
  {
    target: './src/platform',
    from: ['./src/features', './src/server', './src/app'],
    message: 'src/platform imports no feature and no shell.',
  },
]
const TEST_FILES = ['src/**/*.test.ts', 'src/**/*.testing.ts', 'src/**/*.fixtures.ts', 'src/test/**']
const restrictedPaths = (zones) => ['import/no-restricted-paths', ['error', { zones }]]

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
    },
  },
  {
    // Browser-reachable source: never server code (types cross via `import type`, which the rule ignores).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.server.ts', 'src/server/**', 'src/db/**', 'src/platform/**', ...TEST_FILES],
    rules: Object.fromEntries([
      restrictedPaths([
        { target: './src', from: SERVER_ONLY, message: 'Browser code must not import server code.' },
        ...layering,
        ...featurePrivacy,
        ...featureOrder,
      ]),
    ]),
  },
  {
    files: ['src/**/*.server.ts', 'src/server/**', 'src/db/**', 'src/platform/**'],
    ignores: TEST_FILES,
    rules: Object.fromEntries([restrictedPaths([...layering, ...featurePrivacy, ...featureOrder])]),
  },
  {
    // One validation rule for every form (issue 22): forms are made with useAppForm, which wraps useForm.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/form/use-app-form.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-hook-form',
              importNames: ['useForm'],
              message: 'Use useAppForm from src/components/form/use-app-form.ts (when messages show).',
            },
          ],
        },
      ],
    },
  },
  {
    // Small files (DESIGN/STYLE): a source file over 400 lines is split by responsibility.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, 'src/db/migrations/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'src/server/**', 'src/db/**', 'src/platform/**'],
    rules: { 'no-console': 'off' },
  },
)
