import { readFile, writeFile } from 'node:fs/promises';
import { logProblems } from '../core/compile';
import { runPipeline, type PipelineResult } from '../core/pipeline';
import { marks } from '../core/marks/index';
import type { ExpandTarget } from '../core/marks/types';
import { formatPosition, hasErrors, mergeProblems, type Problem } from '../core/problem';
import { validateDocument, type Validator } from '../core/validate';
import { SCHEMA_URLS } from '../core/language';
import type { Command } from './args';
import { OK, SPEC_ERRORS, USAGE_ERROR, type Io } from './exit';

/** A file that cannot be read or written: the message is printed and the exit status is 2. */
class FileError extends Error {}

/** The name problems are reported under: the path as given, `<stdin>` for `-`. */
export function displayName(file: string): string {
  return file === '-' ? '<stdin>' : file;
}

/** `file:line:column: severity: message`, one line per problem. */
export function formatProblem(name: string, p: Problem): string {
  return `${name}:${formatPosition(p.range.start)}: ${p.severity}: ${p.message.replace(/\s*\n\s*/g, ' ')}`;
}

function formatProblems(name: string, problems: readonly Problem[]): string {
  return problems.map((p) => formatProblem(name, p) + '\n').join('');
}

async function readSpec(file: string, io: Io): Promise<string> {
  let text: string;
  if (file === '-') text = await io.readStdin();
  else {
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      throw new FileError(`cannot read ${file}: ${describeFsError(e)}`);
    }
  }
  // Editors do not count a byte-order mark as a column.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return e instanceof Error ? e.message : String(e);
}

let validator: Promise<Validator> | undefined;
/**
 * The validators AJV generated when the command line was built (src/cli/validator.ts); they and
 * the schemas load only when something is validated.
 */
function sharedValidator(): Promise<Validator> {
  validator ??= import('./validator').then((m) => m.precompiledValidator());
  return validator;
}

/**
 * Runs the pipeline and, when asked, the schema check, joined as the app joins them: a schema
 * complaint at a place the pipeline already has an error for is dropped (`"mark": "barr"` is one
 * Problem, the mark's "did you mean", not also the schema's list of marks).
 */
async function pipeline(text: string, validate: boolean, target?: ExpandTarget): Promise<PipelineResult> {
  const result = runPipeline(text, { registry: marks, ...(target ? { target } : {}) });
  if (!validate || !result.doc.ok) return result;
  let schema: Problem[];
  try {
    schema = validateDocument(result.doc, result.language, await sharedValidator());
  } catch (e) {
    schema = [
      {
        severity: 'warning',
        message: `The spec could not be checked against the schema: ${e instanceof Error ? e.message : String(e)}`,
        source: 'schema',
        path: '',
        range: result.doc.lines.range(0, 0),
      },
    ];
  }
  return { ...result, problems: mergeProblems(result.problems, schema) };
}

/** `3 files checked: no problems`, `1 file checked: 2 errors, 1 warning`. */
export function summaryLine(files: number, problems: readonly Problem[]): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  const found = [errors && count(errors, 'error'), warnings && count(warnings, 'warning')].filter(Boolean);
  return `${count(files, 'file')} checked: ${found.length ? found.join(', ') : 'no problems'}\n`;
}

async function validateFiles(files: string[], quiet: boolean, io: Io): Promise<number> {
  let status = OK;
  let checked = 0;
  const all: Problem[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readSpec(file, io);
    } catch (e) {
      if (!(e instanceof FileError)) throw e;
      await io.stderr(`chartspec: ${e.message}\n`);
      status = USAGE_ERROR;
      continue;
    }
    const { problems } = await pipeline(text, true);
    checked++;
    all.push(...problems);
    const shown = quiet ? problems.filter((p) => p.severity === 'error') : problems;
    if (shown.length) await io.stdout(formatProblems(displayName(file), shown));
    if (hasErrors(problems) && status === OK) status = SPEC_ERRORS;
  }
  // Quiet is for scripts: errors or nothing. Otherwise a last line says that the files were read.
  if (!quiet && checked > 0) await io.stdout(summaryLine(checked, all));
  return status;
}

/**
 * Plain Vega-Lite names Vega-Lite's schema, as the app's export does: Chartspec's own `$schema`
 * would send other Vega tools to a schema that knows the extension marks the output no longer has.
 */
function standardVegaLite(spec: object): object {
  const { $schema: _own, ...rest } = spec as Record<string, unknown>;
  return { $schema: SCHEMA_URLS['vega-lite'], ...rest };
}

async function compile(command: Extract<Command, { kind: 'compile' }>, io: Io): Promise<number> {
  const name = displayName(command.file);
  // A file for other Vega tools: the financial marks' crosshair is drawn by Vega-Lite in it.
  const result = await pipeline(await readSpec(command.file, io), command.validate, 'export');
  if (command.to === 'vega-lite' && result.language === 'vega' && result.doc.ok) {
    await io.stderr(
      `${name}: error: this is a Vega spec ("$schema" names Vega's schema), so it has no Vega-Lite form; use --to vega\n`,
    );
    return SPEC_ERRORS;
  }
  if (result.problems.length) await io.stderr(formatProblems(name, result.problems));
  if (hasErrors(result.problems)) return SPEC_ERRORS;
  const out = command.to === 'vega' ? result.vega : result.vegaLite && standardVegaLite(result.vegaLite);
  if (out === undefined) {
    await io.stderr(`${name}: error: the spec did not compile\n`);
    return SPEC_ERRORS;
  }
  await io.stdout(JSON.stringify(out, null, 2) + '\n');
  return OK;
}

async function render(command: Extract<Command, { kind: 'render' }>, io: Io): Promise<number> {
  const name = displayName(command.file);
  const result = await pipeline(await readSpec(command.file, io), command.validate);
  if (hasErrors(result.problems) || !result.vega) {
    await io.stderr(formatProblems(name, result.problems));
    return SPEC_ERRORS;
  }
  // Vega's runtime and resvg load only for render.
  const [{ datasetsLoader }, { pngFonts, renderSvg, svgToPng }] = await Promise.all([
    import('./datasets'),
    import('./render'),
  ]);
  // PNGs are drawn from the SVG at its own size and scaled by resvg; SVGs are scaled by Vega.
  const { svg, entries } = await renderSvg(result.vega, datasetsLoader(), command.format === 'svg' ? command.scale : 1);
  const problems = mergeProblems(result.problems, logProblems(result.doc, entries, 'runtime'));
  if (command.format === 'png' && pngFonts().fontFiles === 0) {
    await io.stderr(
      'chartspec: warning: no fonts found in the system font folders, so the PNG has no text ' +
        '(install a font package such as fonts-dejavu-core, or render SVG)\n',
    );
  }
  if (problems.length) await io.stderr(formatProblems(name, problems));
  if (hasErrors(problems) || svg === undefined) return SPEC_ERRORS;

  const data = command.format === 'svg' ? svg : await svgToPng(svg, command.scale);
  try {
    await writeFile(command.output, data);
  } catch (e) {
    throw new FileError(`cannot write ${command.output}: ${describeFsError(e)}`);
  }
  const { width, height } = svgSize(svg, command.format === 'png' ? command.scale : 1);
  await io.stdout(`wrote ${command.output} (${width} × ${height} px)\n`);
  return OK;
}

/** The size an SVG says it has, times the PNG's scale: what the written file measures. */
function svgSize(svg: string, scale: number): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const size = (name: string) => Math.round(Number(new RegExp(`\\b${name}="([\\d.]+)"`).exec(root)?.[1] ?? 0) * scale);
  return { width: size('width'), height: size('height') };
}

/** Runs a validate, compile or render command and returns the exit status. */
export async function execute(command: Exclude<Command, { kind: 'help' | 'version' }>, io: Io): Promise<number> {
  try {
    switch (command.kind) {
      case 'validate':
        return await validateFiles(command.files, command.quiet, io);
      case 'compile':
        return await compile(command, io);
      case 'render':
        return await render(command, io);
    }
  } catch (e) {
    if (!(e instanceof FileError)) throw e;
    await io.stderr(`chartspec: ${e.message}\n`);
    return USAGE_ERROR;
  }
}
