/**
 * Monaco, bundled (never from a CDN: people edit offline) and loaded lazily by the editor pane,
 * so the first chart does not wait for it. Only the editor features a JSON editor needs.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/format/browser/formatActions';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/indentation/browser/indentation';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-css/base/browser/ui/codicons/codicon/codicon.css';
import 'monaco-css/base/browser/ui/codicons/codicon/codicon-modifiers.css';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { schemaForHover } from './hover-schema';

declare global {
  var MonacoEnvironment: monaco.Environment | undefined;
}

globalThis.MonacoEnvironment = {
  getWorker(_moduleId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// The pipeline's Problems are the only markers: Monaco's own JSON diagnostics would disagree
// (it rejects the comments and trailing commas Chartspec accepts with a warning). The schemas
// still drive completion and hover.
const diagnostics = {
  validate: false,
  allowComments: true,
  trailingCommas: 'ignore' as const,
  comments: 'ignore' as const,
  enableSchemaRequest: false,
};
jsonDefaults.setDiagnosticsOptions({ ...diagnostics, schemas: [] });
// Nor does Monaco ask for them: with `validate` off its JSON worker would still parse the whole
// text half a second after every change (for nothing), and a text nested thousands deep would
// overflow the stack of its recursive parser (the editor shows such a text as plain text, see
// `languageFor` in ./Editor, but a check already scheduled would still run).
jsonDefaults.setModeConfiguration({ ...jsonDefaults.modeConfiguration, diagnostics: false });

type Schema = Record<string, unknown>;

let schemasLoaded: Promise<void> | undefined;

/**
 * Loads the extended schema (Vega-Lite + extension marks) and Vega's into Monaco's JSON service,
 * once, after the editor is up. A spec's `$schema` picks its schema; without one, the extended.
 */
export function loadSchemas(): Promise<void> {
  schemasLoaded ??= Promise.all([
    import('../../schemas/chartspec.schema.json'),
    import('vega/vega-schema.json'),
    import('../core/schema'),
  ]).then(([extended, vega, { CHARTSPEC_SCHEMA_ID }]) => {
    const chartspec = schemaForHover(extended.default) as Schema;
    const vegaSchema = schemaForHover(vega.default) as Schema;
    jsonDefaults.setDiagnosticsOptions({
      ...diagnostics,
      schemas: [
        { uri: CHARTSPEC_SCHEMA_ID, fileMatch: ['*'], schema: chartspec },
        { uri: 'https://vega.github.io/schema/vega-lite/v6.json', schema: chartspec },
        { uri: 'https://vega.github.io/schema/vega-lite/v5.json', schema: chartspec },
        { uri: 'https://vega.github.io/schema/vega/v6.json', schema: vegaSchema },
        { uri: 'https://vega.github.io/schema/vega/v5.json', schema: vegaSchema },
      ],
    });
  });
  return schemasLoaded;
}

monaco.editor.defineTheme('chartspec', {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'string.key.json', foreground: '1d4ed8' },
    { token: 'string.value.json', foreground: 'b45309' },
    { token: 'number', foreground: '047857' },
    { token: 'keyword.json', foreground: '7c3aed' },
  ],
  colors: {
    'editor.background': '#fbfcfe',
    'editorLineNumber.foreground': '#9aa5b8',
    'editorLineNumber.activeForeground': '#334155',
    'editor.lineHighlightBackground': '#eef3fb',
    'editorGutter.background': '#f4f6fa',
  },
});

monaco.editor.defineTheme('chartspec-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'string.key.json', foreground: '93c5fd' },
    { token: 'string.value.json', foreground: 'fbbf24' },
    { token: 'number', foreground: '6ee7b7' },
    { token: 'keyword.json', foreground: 'c4b5fd' },
  ],
  colors: {
    'editor.background': '#0f1626',
    'editorLineNumber.foreground': '#5b6b86',
    'editorLineNumber.activeForeground': '#cbd5e1',
    'editor.lineHighlightBackground': '#172036',
    'editorGutter.background': '#0d1322',
  },
});

export { monaco };
