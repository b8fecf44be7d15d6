// ESLint flat config: typescript-eslint's strict and stylistic type-checked presets over the
// TypeScript sources; Prettier owns layout, so no formatting rules here. Each tuning below says
// which deliberate choice of the code it keeps.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', '.vscode-test/', 'test-results/', 'demo/'] },
  {
    files: ['**/*.ts'],
    extends: [
      js.configs.recommended,
      ...tseslint.configs.strictTypeChecked,
      ...tseslint.configs.stylisticTypeChecked,
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Counts and offsets in messages read naturally as `${n}`; other types still need String().
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // The escaping code matches control characters on purpose (they are shown as U+XXXX).
      'no-control-regex': 'off',
      // A parameter kept for its callers but not used yet is named `_x` (as tsconfig's
      // noUnusedParameters allows).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The core and the layer the front ends share run outside VS Code (CLI, browsers, SQL
    // engines): no vscode import there.
    files: ['src/core/**/*.ts', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'src/core and src/shared must stay vscode-free.' }] },
      ],
    },
  },
  {
    // The benchmarks load each suite lazily with require(), so one suite's imports don't slow another.
    files: ['bench/**/*.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Playwright runs these callbacks in the page: browser globals.
    files: ['test/e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.mocha } },
  },
);
