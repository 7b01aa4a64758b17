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

declare global {
  // eslint-disable-next-line no-var
  var MonacoEnvironment: monaco.Environment | undefined;
}

globalThis.MonacoEnvironment = {
  getWorker(_moduleId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// The pipeline's Problems are the only markers: Monaco's own JSON diagnostics would disagree
// (it rejects the comments and trailing commas Chartspec accepts with a warning).
jsonDefaults.setDiagnosticsOptions({
  validate: false,
  allowComments: true,
  trailingCommas: 'ignore',
  comments: 'ignore',
  schemas: [],
  enableSchemaRequest: false,
});

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

export { monaco };
