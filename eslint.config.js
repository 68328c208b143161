import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier/flat';

/**
 * reader-ui's import boundaries (docs/decisions/reader-ui-layers.md): a feature folder imports only
 * itself, ui/ and packages; ui/ imports only itself. app/ composes the features and is imported by none.
 * One block per folder and depth, so a relative import that climbs to src/ and enters another folder
 * is refused. Style sheets are exempt: some features still share rules from another's sheet.
 */
const READER_SRC = 'reader-ui/src';
const readerFolders = fs
  .readdirSync(path.join(import.meta.dirname, READER_SRC), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'app')
  .map((entry) => entry.name);
const readerBoundaries = readerFolders.flatMap((folder) =>
  [1, 2, 3, 4].map((depth) => ({
    files: [`${READER_SRC}/${folder}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!.*\\.css$)(?:\\.\\./){${depth}}(?!(?:${folder === 'ui' ? 'ui' : `${folder}|ui`})(?:/|$))[^./]`,
              message:
                folder === 'ui'
                  ? 'ui/ is shared by every feature: it imports no feature, and not app/.'
                  : `A feature imports only itself, ui/ and packages: move what ${folder}/ needs to ui/, or compose the two in app/.`,
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['scripts/**', '**/*.test.ts', '**/testkit/**', '**/test/**'],
    rules: { 'no-console': 'off' },
  },
  ...readerBoundaries,
  // Formatting is Prettier's (npm run format); no lint rule disputes it.
  prettier,
);
