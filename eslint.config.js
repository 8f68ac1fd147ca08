// ESLint flat config. Besides the usual checks it enforces the import boundaries of the
// architecture: renderer → shared ← main, preload → shared, Electron only at main's edges.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** Import paths that reach into another top-level folder, by folder name. */
const folder = (name) => [`**/${name}`, `**/${name}/**`, `${name}/**`];

const restrict = ({ paths = [], patterns = [] }) => ({
  'no-restricted-imports': ['error', { paths, patterns }],
});

const noElectron = {
  name: 'electron',
  message: 'Electron belongs only in main/index.ts, main/app, main/ipc, main/platform and preload.',
};
const noNode = nodeBuiltins.map((name) => ({
  name,
  message: 'This folder must run without Node.',
}));
const crossing = (names, why) => ({ group: names.flatMap(folder), message: why });

/**
 * The window's files whose words come from the message catalogs (issue 24): no text written into
 * their JSX, nor into the attributes a user reads or hears: all of them.
 */
const TRANSLATED = ['renderer/**/*.tsx'];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'out/', 'coverage/', 'test-results/', 'test/fixtures/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  // Product code logs through the scoped logger, never the console.
  {
    files: ['main/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}', 'preload/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  // Words come from the catalogs (shared/i18n/locales), never from the component.
  {
    files: TRANSLATED,
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,placeholder,title,alt}']] } },
      ],
    },
  },
  // Import boundaries.
  {
    files: ['shared/**/*.ts'],
    rules: restrict({
      paths: [noElectron, ...noNode, { name: 'react', message: 'shared/ holds no UI.' }],
      patterns: [
        crossing(
          ['main', 'renderer', 'preload', 'service'],
          'shared/ depends on nothing but itself.',
        ),
      ],
    }),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: restrict({
      paths: [noElectron, ...noNode],
      patterns: [
        crossing(
          ['main', 'preload', 'service'],
          'The renderer talks to main only through the bridge.',
        ),
      ],
    }),
  },
  {
    files: ['preload/**/*.ts'],
    rules: restrict({
      patterns: [
        crossing(['main', 'renderer', 'service'], 'The preload exposes the shared contract only.'),
      ],
    }),
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/index.ts', 'main/app/**', 'main/ipc/**', 'main/platform/**'],
    rules: restrict({
      paths: [noElectron],
      patterns: [
        crossing(['renderer', 'preload', 'service'], 'main/ reaches the UI only through IPC.'),
      ],
    }),
  },
  {
    files: ['main/index.ts', 'main/app/**/*.ts', 'main/ipc/**/*.ts', 'main/platform/**/*.ts'],
    rules: restrict({
      patterns: [
        crossing(['renderer', 'preload', 'service'], 'main/ reaches the UI only through IPC.'),
      ],
    }),
  },
  {
    files: ['service/**/*.ts'],
    rules: restrict({
      paths: [noElectron],
      patterns: [
        crossing(
          ['main', 'renderer', 'preload'],
          'The local Photo Service stands apart from the app.',
        ),
      ],
    }),
  },
);
