import { parseCommandLine, USAGE, UsageError, type Command } from './args';
import { OK, USAGE_ERROR, type Io } from './exit';

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
    await io.stderr(`chartspec: ${e.message}\n\n${USAGE}`);
    return USAGE_ERROR;
  }
  if (command.kind === 'help') {
    await io.stdout(USAGE);
    return OK;
  }
  const { execute } = await import('./cli');
  return execute(command, io);
}
