import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { CONFORMANCE_DIR, skipMessage } from '../conformance/corpus';
import {
  ROOT,
  bundleExists,
  chartspec,
  countMarks,
  pngSize,
  removeBundle,
  scratch,
  svgSize,
  type RunResult,
} from './helpers';

/**
 * The command line as a user runs it: `node bin/chartspec.mjs …` in a folder of spec files.
 * The first run starts without dist-cli/, so the launcher builds the bundle itself.
 */

const GOOD = `{
  "$schema": "https://vega.github.io/schema/vega-lite/v6.json",
  "data": {"values": [{"a": "A", "b": 28}, {"a": "B", "b": 55}, {"a": "C", "b": 43}]},
  "mark": "bar",
  "encoding": {
    "x": {"field": "a", "type": "nominal"},
    "y": {"field": "b", "type": "quantitative"}
  }
}
`;
const BARR = GOOD.replace('"mark": "bar"', '"mark": "barr"');
/** The comma after "bar" is missing: the parser stops at line 5, column 3 ("encoding"). */
const SYNTAX = GOOD.replace('"mark": "bar",', '"mark": "bar"');
const CARS = JSON.stringify(
  {
    data: { url: 'data/cars.json' },
    mark: 'point',
    encoding: {
      x: { field: 'Horsepower', type: 'quantitative' },
      y: { field: 'Miles_per_Gallon', type: 'quantitative' },
    },
  },
  null,
  2,
);
const NO_DATA = CARS.replace('data/cars.json', 'data/no-such-file.json');
const VEGA = JSON.stringify(
  {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    width: 100,
    height: 50,
    marks: [
      {
        type: 'rect',
        encode: { enter: { x: { value: 0 }, width: { value: 50 }, height: { value: 20 }, fill: { value: 'red' } } },
      },
    ],
  },
  null,
  2,
);

const files = scratch({
  'good.json': GOOD,
  'barr.json': BARR,
  'syntax.json': SYNTAX,
  'cars.json': CARS,
  'no-data.json': NO_DATA,
  'vega.json': VEGA,
  'vega-bad.json': VEGA.replace('"rect"', '"rectt"'),
});
const cwd = files.dir;
const run = (args: string[], input?: string) => chartspec(args, { cwd, input });

let firstRun: RunResult;
let bundleWasMissing = false;

beforeAll(async () => {
  removeBundle();
  bundleWasMissing = !bundleExists();
  firstRun = await run(['--help']);
}, 120_000);

afterAll(() => files.remove());

describe('chartspec: the launcher and usage', () => {
  it('builds dist-cli/chartspec.mjs on the first run, with one line on stderr', () => {
    expect(bundleWasMissing).toBe(true);
    expect(firstRun.status).toBe(0);
    expect(firstRun.stderr.trim().split('\n')).toHaveLength(1);
    expect(firstRun.stderr).toMatch(/^chartspec: building/);
    expect(firstRun.stdout).toMatch(/^Usage: chartspec <command>/);
    expect(bundleExists()).toBe(true);
  });

  it.concurrent('--help and -h print the usage to stdout', async () => {
    for (const args of [['--help'], ['-h'], ['render', '--help']]) {
      const r = await run(args);
      expect(r.status).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain('Usage: chartspec <command>');
      expect(r.stdout).toContain('validate <file…>');
    }
  });

  it.concurrent('an unknown command is one line and a pointer to --help on stderr, exit 2', async () => {
    const r = await run(['frobnicate', 'good.json']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `chartspec: unknown command "frobnicate"\nRun 'chartspec --help' for the commands and options.\n`,
    );
  });

  it.concurrent('--version, -V and version print the versions of chartspec, Vega-Lite and Vega', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const installed = (name: string) =>
      JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version as string;
    const expected = `chartspec ${pkg.version} (Vega-Lite ${installed('vega-lite')}, Vega ${installed('vega')})\n`;
    for (const args of [['--version'], ['-V'], ['version']]) {
      const r = await run(args);
      expect(r).toMatchObject({ status: 0, stdout: expected, stderr: '' });
    }
  });

  it.concurrent('an unknown option, a missing command or a missing -o exits 2 with one line and a hint', async () => {
    const cases: [string[], RegExp][] = [
      [['validate', '--bogus', 'good.json'], /unknown option '--bogus'/i],
      [[], /no command given/],
      [['render', 'good.json'], /render needs -o/],
      [['render', 'good.json', '-o', 'chart.gif'], /\.svg or \.png/],
      [['compile', 'good.json', '--to', 'svg'], /--to must be vega-lite or vega/],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.split('\n')).toHaveLength(3);
      expect(r.stderr).toMatch(/\nRun 'chartspec --help' for the commands and options\.\n$/);
      expect(r.stdout).toBe('');
    }
  });

  it.concurrent('a missing file is a clear error, exit 2', async () => {
    for (const command of ['validate', 'compile']) {
      const r = await run([command, 'missing.json']);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe('chartspec: cannot read missing.json: no such file\n');
      expect(r.stdout).toBe('');
    }
  });
});

describe('chartspec validate', () => {
  it.concurrent('a good spec: one summary line, exit 0; --quiet: nothing', async () => {
    const r = await run(['validate', 'good.json']);
    expect(r).toMatchObject({ status: 0, stdout: '1 file checked: no problems\n', stderr: '' });
    const quiet = await run(['validate', '-q', 'good.json']);
    expect(quiet).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  it.concurrent('the summary counts files, errors and warnings', async () => {
    const r = await run(['validate', 'good.json', 'barr.json', 'syntax.json']);
    expect(r.status).toBe(1);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('3 files checked: 2 errors');
  });

  it.concurrent('a syntax error: file:line:column: error: message, exit 1', async () => {
    const r = await run(['validate', 'syntax.json']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("syntax.json:5:3: error: Expected ',' before this\n1 file checked: 1 error\n");
  });

  it.concurrent('"mark": "barr" is one problem, on the value, suggesting "bar"', async () => {
    const r = await run(['validate', 'barr.json']);
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toEqual([expect.stringMatching(/^barr\.json:4:11: error: .*"bar"/), '1 file checked: 1 error']);
    // Line 4 is `  "mark": "barr",`; column 11 is the value's opening quote.
  });

  it.concurrent('several files at once, each problem under its file name; a missing one makes it exit 2', async () => {
    // Raw Vega files here: Vega's schema compiles in a fraction of the time Vega-Lite's takes.
    const r = await run(['validate', 'vega.json', 'vega-bad.json', 'syntax.json']);
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    // Line 7 is `      "type": "rectt",`.
    expect(lines[0]).toMatch(/^vega-bad\.json:7:15: error: .*"rectt"/);
    expect(lines[1]).toBe("syntax.json:5:3: error: Expected ',' before this");
    expect(lines[2]).toBe('3 files checked: 2 errors');

    const withMissing = await run(['validate', 'syntax.json', 'missing.json']);
    expect(withMissing.status).toBe(2);
    // The summary counts the files read: the missing one is reported on stderr.
    expect(withMissing.stdout).toBe("syntax.json:5:3: error: Expected ',' before this\n1 file checked: 1 error\n");
    expect(withMissing.stderr).toBe('chartspec: cannot read missing.json: no such file\n');
  });

  it.concurrent('- reads standard input, reported as <stdin>', async () => {
    const r = await run(['validate', '-'], SYNTAX);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("<stdin>:5:3: error: Expected ',' before this\n1 file checked: 1 error\n");
  });
});

describe('chartspec compile', () => {
  it.concurrent("plain Vega-Lite names Vega-Lite's schema, not Chartspec's", async () => {
    const own = GOOD.replace(
      'https://vega.github.io/schema/vega-lite/v6.json',
      'https://chartspec.dev/schema/chartspec/v1.json',
    );
    const r = await run(['compile', '-'], own);
    expect(r.status).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(Object.keys(printed)[0]).toBe('$schema');
    expect(printed.$schema).toBe('https://vega.github.io/schema/vega-lite/v6.json');
    const { $schema: _s, ...rest } = printed;
    const { $schema: _g, ...good } = JSON.parse(GOOD);
    expect(rest).toEqual(good);
  });

  it.concurrent('prints the expanded Vega-Lite by default, 2-space JSON', async () => {
    const r = await run(['compile', 'good.json']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(JSON.stringify(JSON.parse(GOOD), null, 2) + '\n');
    const explicit = await run(['compile', '--to', 'vega-lite', 'good.json']);
    expect(explicit.stdout).toBe(r.stdout);
  });

  it.concurrent("--to vega prints vega-lite's own compile output", async () => {
    const r = await run(['compile', 'good.json', '--to', 'vega']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(compile(JSON.parse(GOOD)).spec);
    expect(r.stdout).toBe(JSON.stringify(JSON.parse(r.stdout), null, 2) + '\n');
  });

  it.concurrent('- reads standard input', async () => {
    const r = await run(['compile', '--to=vega', '-'], GOOD);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(compile(JSON.parse(GOOD)).spec);
  });

  it.concurrent('a spec with errors: problems on stderr, nothing on stdout, exit 1', async () => {
    const r = await run(['compile', 'barr.json']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^barr\.json:4:11: error: .*"bar"/);
  });

  it.concurrent('--validate adds the schema check: an unknown property fails the compile', async () => {
    const feild = GOOD.replace('"field": "a"', '"feild": "a"');
    const [lenient, strict] = await Promise.all([
      run(['compile', '-'], feild),
      run(['compile', '--validate', '-'], feild),
    ]);
    expect(lenient.status).toBe(0);
    expect(lenient.stderr).toMatch(/^<stdin>:6:\d+: warning: /m);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toBe('');
    expect(strict.stderr).toMatch(/^<stdin>:6:11: error: .*"feild"/m);
  });

  it.concurrent('a raw Vega spec: --to vega prints it, --to vega-lite is an error', async () => {
    const asVega = await run(['compile', 'vega.json', '--to', 'vega']);
    expect(asVega.status).toBe(0);
    expect(JSON.parse(asVega.stdout)).toEqual(JSON.parse(VEGA));
    const asVegaLite = await run(['compile', 'vega.json']);
    expect(asVegaLite.status).toBe(1);
    expect(asVegaLite.stdout).toBe('');
    expect(asVegaLite.stderr).toMatch(/^vega\.json: error: this is a Vega spec .*no Vega-Lite form; use --to vega\n$/);
  });
});

describe('chartspec render', () => {
  it.concurrent('a bar chart to SVG: one path per bar, labelled with its data', async () => {
    const r = await run(['render', 'good.json', '-o', 'bar.svg']);
    const svg = readFileSync(join(cwd, 'bar.svg'), 'utf8');
    const { width, height } = svgSize(svg);
    expect(r).toMatchObject({ status: 0, stdout: `wrote bar.svg (${width} × ${height} px)\n`, stderr: '' });
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(countMarks(svg, 'bar')).toBe(3);
    const labels = [...svg.matchAll(/<path [^>]*aria-label="([^"]*)"[^>]*aria-roledescription="bar"/g)].map(
      (m) => m[1],
    );
    expect(labels).toEqual(['a: A; b: 28', 'a: B; b: 55', 'a: C; b: 43']);
  });

  it.concurrent('data/cars.json resolves to the vega-datasets file: one point per car with both values', async () => {
    const r = await run(['render', 'cars.json', '-o', 'cars.svg']);
    expect(r).toMatchObject({
      status: 0,
      stdout: expect.stringMatching(/^wrote cars\.svg \(\d+ × \d+ px\)\n$/),
      stderr: '',
    });
    const svg = readFileSync(join(cwd, 'cars.svg'), 'utf8');
    const cars = JSON.parse(readFileSync(join(ROOT, 'node_modules/vega-datasets/data/cars.json'), 'utf8')) as Record<
      string,
      unknown
    >[];
    const drawable = cars.filter((c) => c['Horsepower'] != null && c['Miles_per_Gallon'] != null).length;
    expect(drawable).toBeGreaterThan(300);
    expect(countMarks(svg, 'point')).toBe(drawable);
    expect(svg).toContain('Horsepower');
  });

  it.concurrent('PNG: signature and IHDR size, --scale 2 doubles it', async () => {
    const svg = await run(['render', 'good.json', '-o', 'size.svg']);
    expect(svg.status).toBe(0);
    const size = svgSize(readFileSync(join(cwd, 'size.svg'), 'utf8'));
    expect(size.width).toBeGreaterThan(50);

    const one = await run(['render', 'good.json', '-o', 'chart.png']);
    expect(one).toMatchObject({
      status: 0,
      stdout: `wrote chart.png (${size.width} × ${size.height} px)\n`,
      stderr: '',
    });
    expect(pngSize(readFileSync(join(cwd, 'chart.png')))).toEqual(size);

    const two = await run(['render', 'good.json', '-o', 'chart2.png', '--scale', '2']);
    expect(two.status).toBe(0);
    expect(two.stdout).toBe(`wrote chart2.png (${size.width * 2} × ${size.height * 2} px)\n`);
    expect(pngSize(readFileSync(join(cwd, 'chart2.png')))).toEqual({ width: size.width * 2, height: size.height * 2 });
  });

  it.concurrent('data that does not load: a problem at the URL, exit 1, no file written', async () => {
    const r = await run(['render', 'no-data.json', '-o', 'no-data.svg']);
    expect(r.status).toBe(1);
    // Line 3 is `    "url": "data/no-such-file.json"`; column 12 is the value.
    expect(r.stderr).toMatch(/^no-data\.json:3:12: error: Could not load data\/no-such-file\.json/m);
    expect(existsSync(join(cwd, 'no-data.svg'))).toBe(false);
  });

  it.concurrent('no file outside the data folder is reachable from a spec', async () => {
    for (const url of ['/etc/passwd', 'file:///etc/passwd', 'data/../../package.json', '../package.json']) {
      const spec = CARS.replace('data/cars.json', url);
      const r = await run(['render', '-', '-o', 'outside.svg'], spec);
      expect(r.status, url).toBe(1);
      expect(r.stderr).toMatch(/^<stdin>:3:12: error: Could not load .*: the command line loads only data\/… files/);
    }
    expect(existsSync(join(cwd, 'outside.svg'))).toBe(false);
  });

  it.concurrent('standard input to SVG', async () => {
    const r = await run(['render', '-', '-o', 'stdin.svg'], GOOD);
    expect(r.status).toBe(0);
    expect(countMarks(readFileSync(join(cwd, 'stdin.svg'), 'utf8'), 'bar')).toBe(3);
  });
});

const VL_DIR = join(CONFORMANCE_DIR, 'vega-lite');
const VG_DIR = join(CONFORMANCE_DIR, 'vega');
const haveConformance = existsSync(VL_DIR) && existsSync(VG_DIR);
if (!haveConformance) console.warn(skipMessage('vega-lite and vega (CLI cases)'));

describe.skipIf(!haveConformance)('chartspec on conformance specs', () => {
  const vl = ['bar_aggregate.vl.json', 'line.vl.json', 'circle.vl.json'].map((f) => join(VL_DIR, f));
  const vg = join(VG_DIR, 'bar.vg.json');

  it('validates every conformance spec, Vega-Lite and Vega, with no errors', async () => {
    const all = [
      ...readdirSync(VL_DIR)
        .filter((f) => f.endsWith('.vl.json'))
        .map((f) => join(VL_DIR, f)),
      ...readdirSync(VG_DIR)
        .filter((f) => f.endsWith('.vg.json'))
        .map((f) => join(VG_DIR, f)),
    ];
    const r = await run(['validate', '--quiet', ...all]);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  }, 120_000);

  it("compile --to vega of every Vega-Lite conformance spec equals vega-lite's own compile", async () => {
    const names = readdirSync(VL_DIR).filter((f) => f.endsWith('.vl.json'));
    const mismatches: string[] = [];
    // Two at a time: the machine has two cores.
    const queue = [...names];
    const worker = async () => {
      for (let name = queue.shift(); name; name = queue.shift()) {
        const file = join(VL_DIR, name);
        const r = await run(['compile', '--to', 'vega', file]);
        const expected = compile(JSON.parse(readFileSync(file, 'utf8'))).spec;
        if (r.status !== 0) mismatches.push(`${name}: exit ${r.status} ${r.stderr}`);
        else if (JSON.stringify(JSON.parse(r.stdout)) !== JSON.stringify(expected)) mismatches.push(`${name}: differs`);
      }
    };
    await Promise.all([worker(), worker()]);
    expect(mismatches).toEqual([]);
    expect(names.length).toBeGreaterThan(300);
  }, 600_000);

  it.concurrent('validates Vega-Lite and Vega examples with no errors', async () => {
    const r = await run(['validate', '--quiet', ...vl, vg]);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });

  it.concurrent("compile --to vega equals vega-lite's own compile", async () => {
    const results = await Promise.all(vl.map((file) => run(['compile', file, '--to', 'vega'])));
    vl.forEach((file, i) => {
      expect(results[i]!.status, file).toBe(0);
      expect(JSON.parse(results[i]!.stdout)).toEqual(compile(JSON.parse(readFileSync(file, 'utf8'))).spec);
    });
  });

  it.concurrent('renders a CSV-backed example (data/stocks.csv) and a Vega example', async () => {
    const line = await run(['render', join(VL_DIR, 'line.vl.json'), '-o', 'line.svg']);
    expect(line.status, line.stderr).toBe(0);
    const svg = readFileSync(join(cwd, 'line.svg'), 'utf8');
    expect(countMarks(svg, 'line mark')).toBe(1);
    // One vertex per GOOG row of stocks.csv.
    const d = /aria-roledescription="line mark"[^>]* d="([^"]*)"/.exec(svg)?.[1] ?? '';
    expect(d.split('L').length).toBeGreaterThan(50);
    const bar = await run(['render', vg, '-o', 'vega-bar.png']);
    expect(bar.status, bar.stderr).toBe(0);
    expect(pngSize(readFileSync(join(cwd, 'vega-bar.png'))).width).toBeGreaterThan(100);
  });
});

/**
 * Every gallery example through the command line, as a user runs it: `chartspec validate` is
 * silent, `compile` prints the plain Vega-Lite committed in examples/normalized, and `render`
 * writes an SVG with marks in it.
 */

describe('chartspec on every example', () => {
  const EXAMPLES = join(ROOT, 'examples');
  const names = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const out = scratch({});
  afterAll(() => out.remove());

  it('validates them all with no output', async () => {
    const r = await chartspec(['validate', ...names.map((n) => join(EXAMPLES, n))], { cwd: out.dir });
    expect(r.stdout + r.stderr).toBe(`${names.length} files checked: no problems\n`);
    expect(r.status).toBe(0);
  }, 120_000);

  it.each(names)(
    '%s: compile prints its committed plain Vega-Lite',
    async (name) => {
      const r = await chartspec(['compile', join(EXAMPLES, name)], { cwd: out.dir });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const committed = JSON.parse(readFileSync(join(EXAMPLES, 'normalized', name), 'utf8'));
      const { $schema: _s, ...printed } = JSON.parse(r.stdout);
      const { $schema: _c, ...expected } = committed;
      expect(printed).toEqual(expected);
    },
    60_000,
  );

  it.each(names)(
    '%s: render writes an SVG with marks',
    async (name) => {
      const file = join(out.dir, name.replace(/\.json$/, '.svg'));
      const r = await chartspec(['render', join(EXAMPLES, name), '-o', file], { cwd: out.dir });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const svg = readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect((svg.match(/<path|<line|<text/g) ?? []).length).toBeGreaterThan(10);
    },
    60_000,
  );
});
