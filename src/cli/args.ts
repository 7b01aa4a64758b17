import { parseArgs } from 'node:util';

export const USAGE = `Usage: chartspec <command> [options] <file…>

Commands:
  validate <file…>                       Check specs against the schema, the extension marks and
                                         the compiler; prints file:line:column: severity: message
  compile <file> [--to vega-lite|vega]   Print the expanded standard Vega-Lite (default) or the
                                         compiled Vega as JSON
  render <file> -o <chart.svg|chart.png> Draw the chart headlessly to an SVG or PNG file

Options:
  --to <vega-lite|vega>   compile: what to print (default vega-lite)
  -o, --output <file>     render: the file to write, .svg or .png
  --scale <n>             render: scale factor (default 1); a PNG of a 400 px wide chart at
                          --scale 2 is 800 px wide
  --validate              compile, render: check the schema too (validate always does)
  -q, --quiet             validate: print errors only (no summary line)
  -h, --help              Show this help
  -V, --version           Show the version of chartspec, Vega-Lite and Vega

A file named - is read from standard input. Relative data URLs such as data/cars.json are read
from the vega-datasets package, as in the app, and so are the web addresses of its files
(jsDelivr, unpkg, GitHub); other http(s) URLs are fetched.

Exit status: 0 no errors; 1 a spec has errors; 2 wrong usage or a file that cannot be read.
`;

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'validate'; files: string[]; quiet: boolean }
  | { kind: 'compile'; file: string; to: 'vega-lite' | 'vega'; validate: boolean }
  | { kind: 'render'; file: string; output: string; format: 'svg' | 'png'; scale: number; validate: boolean };

/** Wrong usage: the message is printed with a pointer to --help, and the exit status is 2. */
export class UsageError extends Error {}

const HELP = { type: 'boolean', short: 'h' } as const;

/** Runs Node's parseArgs, turning its complaints into UsageErrors. */
function parse<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    // Node's messages suggest `--` for positionals that start with '-'; keep the first sentence.
    const message = e instanceof Error ? e.message.replace(/\. To specify a positional.*$/s, '') : String(e);
    throw new UsageError(message);
  }
}

/** Reads the command line (without `node` and the script). Throws UsageError. */
export function parseCommandLine(argv: readonly string[]): Command {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('no command given');
  if (command === '-h' || command === '--help' || command === 'help') return { kind: 'help' };
  if (command === '-V' || command === '--version' || command === 'version') return { kind: 'version' };

  switch (command) {
    case 'validate': {
      const { values, positionals } = parse(() =>
        parseArgs({
          args: rest,
          options: { help: HELP, quiet: { type: 'boolean', short: 'q' } },
          allowPositionals: true,
          strict: true,
        }),
      );
      if (values.help) return { kind: 'help' };
      if (positionals.length === 0) throw new UsageError('validate needs at least one file (or - for standard input)');
      return { kind: 'validate', files: positionals, quiet: values.quiet === true };
    }
    case 'compile': {
      const { values, positionals } = parse(() =>
        parseArgs({
          args: rest,
          options: { help: HELP, to: { type: 'string' }, validate: { type: 'boolean' } },
          allowPositionals: true,
          strict: true,
        }),
      );
      if (values.help) return { kind: 'help' };
      const file = single(positionals, 'compile');
      const to = values.to ?? 'vega-lite';
      if (to !== 'vega-lite' && to !== 'vega') throw new UsageError(`--to must be vega-lite or vega, not "${to}"`);
      return { kind: 'compile', file, to, validate: values.validate === true };
    }
    case 'render': {
      const { values, positionals } = parse(() =>
        parseArgs({
          args: rest,
          options: {
            help: HELP,
            output: { type: 'string', short: 'o' },
            scale: { type: 'string' },
            validate: { type: 'boolean' },
          },
          allowPositionals: true,
          strict: true,
        }),
      );
      if (values.help) return { kind: 'help' };
      const file = single(positionals, 'render');
      const output = values.output;
      if (output === undefined) throw new UsageError('render needs -o <chart.svg|chart.png>');
      const ext = /\.(svg|png)$/i.exec(output)?.[1]?.toLowerCase();
      if (ext !== 'svg' && ext !== 'png') throw new UsageError(`-o must name a .svg or .png file, not "${output}"`);
      const scale = values.scale === undefined ? 1 : Number(values.scale);
      if (!Number.isFinite(scale) || scale <= 0 || scale > 20) {
        throw new UsageError(`--scale must be a number above 0 and at most 20, not "${values.scale}"`);
      }
      return { kind: 'render', file, output, format: ext, scale, validate: values.validate === true };
    }
    default:
      throw new UsageError(command.startsWith('-') ? `unknown option '${command}'` : `unknown command "${command}"`);
  }
}

function single(positionals: string[], command: string): string {
  if (positionals.length === 0) throw new UsageError(`${command} needs a file (or - for standard input)`);
  if (positionals.length > 1) throw new UsageError(`${command} takes one file, not ${positionals.length}`);
  return positionals[0]!;
}
