import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Outside Playwright's runner its config is not read: a page assertion from Vitest would wait only 5 s. */
const playwrightExpect = { name: '@playwright/test', importNames: ['expect'], message: 'Use test-support/page-expect: it waits as e2e does.' };

export default defineConfig(
  { ignores: ['out/**', 'dist/**', 'coverage/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/main/**', 'src/preload/**', 'scripts/**', 'e2e/**', 'bench/**', 'test-support/**', 'docs/**', 'packaging/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    // CommonJS tool configuration (dependency-cruiser reads these with require).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The Electron stand-in's scripts for the page run in a window (given to Chromium as source text).
    files: ['test-support/electron-stand-in/page/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The preload also sees the page's DOM (it watches real drop events).
    files: ['src/preload/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test-support/**/*.ts', 'bench/**', 'scripts/**'],
    ignores: ['test-support/page-expect.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [playwrightExpect],
        },
      ],
    },
  },
  {
    // The core runs in Node tests and in web mode unchanged: only the Electron entry and its adapters import it.
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['src/main/electron/**', 'src/main/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Core code must not import Electron; put it under src/main/electron.' }, playwrightExpect] },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Shared code runs in the renderer too.' }],
          patterns: [{ regex: '^node:', message: 'Shared code runs in the renderer too: no Node built-ins.' }],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Which of the project's folders it may import is a layer rule: .dependency-cruiser.cjs.
          paths: [{ name: 'electron', message: 'The renderer reaches main only through the bridge.' }],
        },
      ],
    },
  },
);
