/**
 * The `chartspec` command: bundled by vite.cli.config.ts into dist-cli/chartspec.mjs, which
 * bin/chartspec.mjs imports.
 */
import type { Io } from './exit';
import { run } from './run';

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((done, fail) => stream.write(text, (e) => (e ? fail(e) : done())));
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const io: Io = {
  stdout: (text) => write(process.stdout, text),
  stderr: (text) => write(process.stderr, text),
  readStdin,
};

// A reader that goes away (`chartspec compile x | head`) is not an error of ours.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

let status: number;
try {
  status = await run(process.argv.slice(2), io);
} catch (e) {
  await write(
    process.stderr,
    `chartspec: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  );
  status = 1;
}
// Output is flushed (every write was awaited); exit now rather than wait for a chart's timers.
process.exit(status);
