// Lint: typescript-eslint's recommended rules, React's hook rules, and the layering of
// docs/architecture.md: each folder of src/ imports only from the layers below it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** A layer that may not be imported from here: a folder of src/, matched in relative paths. */
const layer = (name, why) => ({ regex: `(^|/)(\\.\\./)*${name}(/|$)`, message: why });

/** Vega's runtime as values (types are fine anywhere: they vanish at build time). */
const vegaRuntime = (why) => ({
  regex: '^(vega|vega-embed|react-vega|vega-tooltip|vega-view|vega-dataflow|vega-scenegraph)$',
  allowTypeImports: true,
  message: why,
});

const react = (why) => ({ regex: '^(react|react-dom|react-vega)(/|$)', message: why });
const monaco = (why) => ({ regex: '^monaco-editor(/|$)', message: why });

/** The privates of Vega are named in one module of the render layer, and read nowhere else. */
const internals = {
  regex: '(^|/)render/vega-internals$',
  message: 'Vega internals are used by the render layer only (src/render/vega-internals.ts).',
};

const UP = 'imports upward: see docs/architecture.md for what each layer may import';

/** `no-restricted-imports` for one folder of src/. */
const boundary = (files, patterns) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'test-results/**', 'bench/.out/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // TypeScript checks names; the base rule does not know type-only globals.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },

  // The layers, from the bottom up.
  boundary(
    ['src/core/**'],
    [
      layer('(render|io|state|workers|cli|app|components|editor)', `core is pure: it ${UP}`),
      react(`core is pure: no React (${UP})`),
      monaco(`core is pure: no Monaco (${UP})`),
      vegaRuntime(`core is pure: Vega's runtime belongs to src/render (${UP})`),
    ],
  ),
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator', 'indexedDB'].map(
          (name) => ({ name, message: 'core runs in Node, workers and the CLI alike: no DOM or storage.' }),
        ),
      ],
    },
  },
  boundary(
    ['src/io/**'],
    [
      layer('(render|state|workers|cli|app|components|editor)', `io ${UP}`),
      react(`io: no React (${UP})`),
      monaco(`io: no Monaco (${UP})`),
      vegaRuntime(`io does not run Vega; src/render does (${UP})`),
    ],
  ),
  boundary(
    ['src/render/**'],
    [
      layer('(state|workers|cli|app|components|editor)', `render ${UP}`),
      react(`render: no React (${UP})`),
      monaco(`render: no Monaco (${UP})`),
    ],
  ),
  boundary(
    ['src/workers/**'],
    [
      layer('(render|state|cli|app|components|editor)', `workers ${UP}`),
      react(`workers: no React (${UP})`),
      monaco(`workers: no Monaco (${UP})`),
      vegaRuntime(`workers compile; they do not draw (${UP})`),
    ],
  ),
  boundary(
    ['src/cli/**'],
    [
      layer('(state|workers|app|components|editor)', `the command line ${UP}`),
      react(`the command line: no React (${UP})`),
      monaco(`the command line: no Monaco (${UP})`),
      internals,
    ],
  ),
  boundary(
    ['src/state/**'],
    [
      layer('(cli|app|components|editor)', `state ${UP}`),
      react(`state is plain TypeScript, tested without a browser (${UP})`),
      monaco(`state: no Monaco (${UP})`),
      internals,
    ],
  ),
  boundary(
    ['src/components/**', 'src/editor/**'],
    [
      layer('(cli|app)', `components ${UP}`),
      {
        ...layer('io'),
        allowTypeImports: true,
        message: 'components never touch storage, files or the URL: src/state does',
      },
      internals,
    ],
  ),
  boundary(['src/app/**'], [layer('cli', `the app ${UP}`), internals]),
);
