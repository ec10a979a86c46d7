import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Each page is a feature; a feature never imports another (what two pages share lives below them).
const FEATURES = ['audio', 'chat', 'code', 'compare', 'models', 'vision'];
const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: FEATURES.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
  message: 'Features never import each other; move what they share to components/, stores/ or lib/.',
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-output', 'bench-output', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The protocol core is shared by the playground and the service, so it imports neither.
            {
              target: './src/protocol',
              from: [
                './src/lib',
                './src/stores',
                './src/features',
                './src/app',
                './src/components',
                './server',
              ],
            },
            // Dependencies run one way: protocol -> lib -> stores -> features -> app.
            {
              target: './src/lib',
              from: ['./src/stores', './src/features', './src/app', './src/components'],
            },
            { target: './src/stores', from: ['./src/features', './src/app', './src/components'] },
            { target: './src/components', from: ['./src/features', './src/app'] },
            { target: './src/features', from: ['./src/app'] },
            // The server shares only the protocol core with the playground.
            { target: './server', from: './src', except: ['./protocol'] },
            { target: './src', from: './server' },
            ...featureZones,
          ],
        },
      ],
      // src/lib is plain TypeScript that any runtime can use.
      'no-restricted-imports': 'off',
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its error (an async check called without await lets
    // the request through).
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'zustand', '@tanstack/*'],
              message: 'src/lib has no React.',
            },
          ],
        },
      ],
    },
  },
  {
    // The core runs in the browser and in Node: no DOM, no Node built-ins, only what both have
    // (fetch streams, TextDecoder, AbortSignal).
    files: ['src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', 'zustand', '@tanstack/*'],
              message: 'The protocol core has no DOM, no Node and no React.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'indexedDB'].map(
          (name) => ({ name, message: 'The protocol core runs in Node too: no DOM.' }),
        ),
        ...['process', 'Buffer', 'global', '__dirname', '__filename', 'require'].map((name) => ({
          name,
          message: 'The protocol core runs in the browser too: no Node globals.',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/components/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // vi.waitFor gives up after one second by default, which a loaded machine passes: a flake.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(waitFor|waitUntil)$/][arguments.length<2]",
          message:
            'vi.waitFor and vi.waitUntil give up after 1 s by default: use eventually() (tests/support/eventually.ts) or pass a timeout.',
        },
      ],
    },
  },
  prettier,
);
