// Lint: typescript-eslint's recommended rules, plus the layering of docs/architecture.md:
// the core is pure and never imports the store, SQLite, the file system or process; accounts
// (plans, quota decisions, the metering service) sit on the core alone; the store never imports
// the batch pipeline or the faces; the batch pipeline and the file formats never import the faces
// (commands, server).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'db/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setImmediate: 'readonly', performance: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/store/**', '**/commands/**', '**/server/**', '**/accounts/**'], message: 'core is pure: it must not import store, commands, server or accounts' },
          { group: ['node:*', 'fs', 'path', 'better-sqlite3', 'commander'], message: 'core is pure: no I/O modules' },
        ],
      }],
      'no-restricted-globals': ['error', { name: 'process', message: 'core never reads process (env, argv, stdout)' }],
    },
  },
  // The core by capability (docs/architecture.md, "The core"): each folder may import the ones
  // before it in this list, never one after it; engine.ts sits above all but spreadsheet/.
  ...(() => {
    const order = ['util', 'model', 'parse', 'locality', 'points', 'ranges', 'validate', 'views', 'extract', 'suggest', 'spreadsheet'];
    return order.map((folder, i) => ({
      files: [`src/core/${folder}/**/*.ts`],
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [
            { group: ['**/store/**', '**/commands/**', '**/server/**', '**/accounts/**', '**/batch/**', '**/formats/**'], message: 'core is pure: it must not import store, commands, server, accounts, batch or formats' },
            { group: ['node:*', 'fs', 'path', 'better-sqlite3', 'commander'], message: 'core is pure: no I/O modules' },
            ...(folder === 'spreadsheet' ? [] : [{ group: ['**/engine.js'], message: `core/${folder} sits below the engine` }]),
            ...order.slice(i + 1).map((above) => ({ group: [`../${above}/**`], message: `core/${folder} may not import core/${above}, which sits above it (docs/architecture.md)` })),
          ],
        }],
      },
    }));
  })(),
  {
    files: ['src/accounts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/store/**', '**/commands/**', '**/server/**', '**/batch/**', '**/formats/**'], message: 'accounts sit on the core alone: the stores implement their ports, the faces and the batch call them' }] }],
    },
  },
  {
    files: ['src/store/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/commands/**', '**/server/**', '**/batch/**'], message: 'the store sits below the batch pipeline and the faces' }] }],
    },
  },
  {
    files: ['src/batch/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/commands/**', '**/server/**'], message: 'the batch pipeline sits below the faces: the CLI and the server call it, never the reverse' }] }],
    },
  },
  {
    files: ['src/formats/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/commands/**', '**/server/**', '**/batch/**', '**/store/**', '**/accounts/**'], message: 'file formats know nothing of who reads them' }] }],
    },
  },
);
