import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * src/core is the pure pipeline: it runs in Node, tests, a Web Worker and the CLI. It must not
 * import UI or side-effect code, nor touch browser globals.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CORE = join(ROOT, 'src', 'core');

// react-vega is React too: the pure core hands Vega specs over, it never renders them.
const FORBIDDEN_PACKAGES = ['react', 'react-dom', 'react-vega', 'monaco-editor'];
const FORBIDDEN_DIRS = ['app', 'components', 'editor', 'io', 'workers'];
const FORBIDDEN_GLOBALS = new Set([
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'fetch',
  'navigator',
]);
/** Objects through which a global can be reached by property access. */
const GLOBAL_OBJECTS = new Set(['globalThis', 'self', 'window', 'global']);

interface Violation {
  line: number;
  what: string;
}

function isForbiddenSpecifier(spec: string, file: string): string | undefined {
  for (const pkg of FORBIDDEN_PACKAGES) {
    if (spec === pkg || spec.startsWith(pkg + '/')) return `imports ${spec}`;
  }
  let target: string | undefined;
  if (spec.startsWith('.')) target = resolve(dirname(file), spec);
  else if (spec.startsWith('/')) target = resolve(ROOT, '.' + spec);
  else if (spec.startsWith('src/')) target = resolve(ROOT, spec);
  else if (spec.startsWith('@/')) target = resolve(ROOT, 'src', spec.slice(2));
  if (target) {
    const rel = relative(join(ROOT, 'src'), target).split(sep);
    if (rel[0] && FORBIDDEN_DIRS.includes(rel[0])) return `imports ${spec} (src/${rel[0]})`;
  }
  return undefined;
}

/**
 * Checks one TypeScript source. Works on the syntax tree, so comments and strings never count,
 * and an object's own property named "fetch" is not the global.
 */
function checkSource(source: string, file = join(CORE, 'example.ts')): Violation[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Violation[] = [];
  const add = (node: ts.Node, what: string) =>
    out.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, what });

  const checkSpecifier = (node: ts.Node, expr: ts.Expression | undefined) => {
    if (expr && ts.isStringLiteralLike(expr)) {
      const why = isForbiddenSpecifier(expr.text, file);
      if (why) add(node, why);
    }
  };

  const isPropertyName = (id: ts.Identifier): boolean => {
    const parent = id.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.name === id) {
      const obj = parent.expression;
      return !(ts.isIdentifier(obj) && GLOBAL_OBJECTS.has(obj.text));
    }
    if (ts.isQualifiedName(parent) && parent.right === id) return true;
    if (
      (ts.isPropertyAssignment(parent) ||
        ts.isPropertyDeclaration(parent) ||
        ts.isPropertySignature(parent) ||
        ts.isMethodDeclaration(parent) ||
        ts.isMethodSignature(parent) ||
        ts.isGetAccessor(parent) ||
        ts.isSetAccessor(parent) ||
        ts.isEnumMember(parent)) &&
      parent.name === id
    )
      return true;
    if (ts.isBindingElement(parent) && parent.propertyName === id) {
      // `const { fetch: get } = globalThis` reads the global.
      const decl = parent.parent.parent;
      const init = ts.isVariableDeclaration(decl) ? decl.initializer : undefined;
      return !(init && ts.isIdentifier(init) && GLOBAL_OBJECTS.has(init.text));
    }
    if ((ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) && parent.propertyName === id) return true;
    if (ts.isJsxAttribute(parent)) return true;
    return false;
  };

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) checkSpecifier(node, node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      checkSpecifier(node, node.moduleReference.expression);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const dynamic = callee.kind === ts.SyntaxKind.ImportKeyword;
      const req = ts.isIdentifier(callee) && callee.text === 'require';
      if (dynamic || req) checkSpecifier(node, node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      checkSpecifier(node, node.argument.literal as ts.Expression);
    } else if (ts.isElementAccessExpression(node)) {
      const obj = node.expression;
      const arg = node.argumentExpression;
      if (
        ts.isIdentifier(obj) &&
        GLOBAL_OBJECTS.has(obj.text) &&
        ts.isStringLiteralLike(arg) &&
        FORBIDDEN_GLOBALS.has(arg.text)
      )
        add(node, `uses ${arg.text}`);
    } else if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text) && !isPropertyName(node)) {
      add(node, `uses ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return /\.(ts|tsx|mts|cts)$/.test(e.name) ? [p] : [];
  });
}

describe('the checker itself', () => {
  const whats = (src: string, file?: string) => checkSource(src, file).map((v) => v.what);

  it.each([
    ["import React from 'react';", 'imports react'],
    ["import { useState } from 'react';", 'imports react'],
    ["import { jsx } from 'react/jsx-runtime';", 'imports react/jsx-runtime'],
    ["import { createRoot } from 'react-dom/client';", 'imports react-dom/client'],
    ["import { VegaEmbed } from 'react-vega';", 'imports react-vega'],
    ["import * as monaco from 'monaco-editor';", 'imports monaco-editor'],
    [
      "import type { editor } from 'monaco-editor/esm/vs/editor/editor.api';",
      'imports monaco-editor/esm/vs/editor/editor.api',
    ],
    ["export { x } from 'react';", 'imports react'],
    ["const m = await import('react-dom');", 'imports react-dom'],
    ["const m = require('monaco-editor');", 'imports monaco-editor'],
    ["type T = import('react').FC;", 'imports react'],
    ["import { App } from '../app/App';", 'imports ../app/App (src/app)'],
    ["import { Panel } from '../components/Panel';", 'imports ../components/Panel (src/components)'],
    ["import { setup } from '../editor';", 'imports ../editor (src/editor)'],
    ["import { save } from '../io/storage';", 'imports ../io/storage (src/io)'],
    ["import W from '../workers/pipeline.worker?worker';", 'imports ../workers/pipeline.worker?worker (src/workers)'],
    ["import { x } from 'src/io/share';", 'imports src/io/share (src/io)'],
  ])('flags %s', (src, what) => {
    expect(whats(src)).toEqual([what]);
  });

  it('resolves relative paths from the file, nested folders included', () => {
    const nested = join(CORE, 'marks', 'gauge.ts');
    expect(whats("import { x } from '../../io/files';", nested)).toEqual(['imports ../../io/files (src/io)']);
    expect(whats("import { x } from '../parse';", nested)).toEqual([]);
    expect(whats("import { x } from './types';", nested)).toEqual([]);
  });

  it.each([
    ['const w = window.innerWidth;', 'uses window'],
    ['document.title = "x";', 'uses document'],
    ['localStorage.setItem("a", "b");', 'uses localStorage'],
    ['sessionStorage.clear();', 'uses sessionStorage'],
    ['const db = indexedDB.open("x");', 'uses indexedDB'],
    ['const r = await fetch("data/cars.json");', 'uses fetch'],
    ['const lang = navigator.language;', 'uses navigator'],
    ['const f = globalThis.fetch;', 'uses fetch'],
    ['const s = self.localStorage;', 'uses localStorage'],
    ["const d = globalThis['document'];", 'uses document'],
    ['const { fetch: get } = globalThis;', 'uses fetch'],
    ['const o = { fetch };', 'uses fetch'],
    ['if (typeof window !== "undefined") {}', 'uses window'],
    ['function f(x = navigator) { return x; }', 'uses navigator'],
  ])('flags %s', (src, what) => {
    expect(whats(src)).toContain(what);
  });

  it("ignores comments, strings and the names of other objects' properties", () => {
    const src = [
      '// window, document and fetch are not used here',
      '/* localStorage: see src/io */',
      '/** Runs without `navigator` or `indexedDB`. */',
      "const message = 'do not use window or fetch';",
      'const tpl = `document ${1}`;',
      'const options = { fetch: false, window: 3 };',
      'const w = options.window + options.fetch;',
      'interface Loader { fetch(url: string): void; document: string }',
      "import { vega } from 'vega';",
      "import { parseDocument } from './parse';",
      "import type { Problem } from './problem';",
      "import reactish from 'react-vega-helper';",
    ].join('\n');
    expect(checkSource(src)).toEqual([]);
  });

  it('gives the line of each violation', () => {
    expect(checkSource("const a = 1;\n\nconst b = fetch('x');\nimport 'react';")).toEqual([
      { line: 3, what: 'uses fetch' },
      { line: 4, what: 'imports react' },
    ]);
  });
});

describe('src/core', () => {
  const files = tsFiles(CORE);

  it('has the pipeline modules, nested ones included', () => {
    const names = files.map((f) => relative(CORE, f).split(sep).join('/'));
    expect(names).toEqual(
      expect.arrayContaining(['parse.ts', 'pipeline.ts', 'expand.ts', 'marks/index.ts', 'marks/types.ts']),
    );
  });

  it.each(files.map((f) => [relative(ROOT, f).split(sep).join('/'), f]))(
    '%s imports no UI or side-effect code and uses no browser globals',
    (_name, file) => {
      expect(checkSource(readFileSync(file, 'utf8'), file)).toEqual([]);
    },
  );
});
