import { parseCommandLine, USAGE, UsageError, type Command } from './args';
import { OK, USAGE_ERROR, type Io } from './exit';
import pkg from '../../package.json';

/** One line after a usage error: the whole usage would bury the message. */
const USAGE_HINT = "Run 'chartspec --help' for the commands and options.\n";

/** The versions are package.json's own: every vega package is pinned to an exact version there. */
export function versionLine(): string {
  const deps = pkg.dependencies as Record<string, string>;
  return `chartspec ${pkg.version} (Vega-Lite ${deps['vega-lite']}, Vega ${deps['vega']})\n`;
}

/**
 * Runs one command line (without `node` and the script) and returns the exit status. Help and
 * usage errors answer before the pipeline, Vega and AJV are loaded.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  let command: Command;
  try {
    command = parseCommandLine(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    await io.stderr(`chartspec: ${e.message}\n${USAGE_HINT}`);
    return USAGE_ERROR;
  }
  if (command.kind === 'help') {
    await io.stdout(USAGE);
    return OK;
  }
  if (command.kind === 'version') {
    await io.stdout(versionLine());
    return OK;
  }
  const { execute } = await import('./cli');
  return execute(command, io);
}
