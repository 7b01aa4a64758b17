import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '../..');
export const BIN = join(ROOT, 'bin', 'chartspec.mjs');
export const BUNDLE = join(ROOT, 'dist-cli', 'chartspec.mjs');

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node bin/chartspec.mjs …args` as a user would, in `cwd`, with `input` on standard input. */
export function chartspec(args: string[], options: { cwd: string; input?: string }): Promise<RunResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', fail);
    child.on('close', (status) => {
      done({ status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** A scratch folder with the given files written into it. */
export function scratch(files: Record<string, string>): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'chartspec-cli-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Removes dist-cli/, so that the next run goes through the launcher's first-run build. */
export function removeBundle(): void {
  rmSync(join(ROOT, 'dist-cli'), { recursive: true, force: true });
}

export function bundleExists(): boolean {
  return existsSync(BUNDLE);
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
export function pngSize(png: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (png.length < 24 || !png.subarray(0, 8).equals(signature)) throw new Error('not a PNG');
  if (png.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('PNG without IHDR first');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The width and height attributes of an SVG's root element. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  return { width: Number(/\bwidth="([\d.]+)"/.exec(root)?.[1]), height: Number(/\bheight="([\d.]+)"/.exec(root)?.[1]) };
}

/** How many marks of a role Vega drew (`aria-roledescription="bar"` on each bar, …). */
export function countMarks(svg: string, role: string): number {
  return svg.split(`aria-roledescription="${role}"`).length - 1;
}
