/**
 * The security corpus: specs from strangers that try to run script, leak or change the page.
 * Each test loads payloads into the production build (with its Content-Security-Policy), does
 * what a user would (click links, hover marks, export SVG), and counts what executed: dialogs,
 * popups, a canary global, script CSP violations, Object.prototype changes, navigation away and
 * requests to hosts no spec named. Every test prints "payloads tried N, executions 0" and
 * writes its figures to test-results/security/.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { chartPane, problems, shareHash, shownVersion, waitForChart } from './helpers';

const VL = 'https://vega.github.io/schema/vega-lite/v6.json';
const VG = 'https://vega.github.io/schema/vega/v6.json';
const OUT = 'test-results/security';
const OWN_PAGE = /^http:\/\/127\.0\.0\.1:\d+\/(#\/s\/[A-Za-z0-9+\-$]*)?$/;

/** What a payload could do if it ran; every list must stay empty. */
interface Guard {
  dialogs: string[];
  popups: string[];
  navigations: string[];
  scriptViolations: string[];
  /** Other CSP violations: something was blocked (an image from another host); not script. */
  blocked: string[];
  /** Requests to hosts other than the app's own. */
  foreignRequests: string[];
  payloads: number;
}

async function guard(page: Page): Promise<Guard> {
  const g: Guard = {
    dialogs: [],
    popups: [],
    navigations: [],
    scriptViolations: [],
    blocked: [],
    foreignRequests: [],
    payloads: 0,
  };
  page.on('dialog', (d) => {
    g.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => {});
  });
  page.context().on('page', (p) => {
    g.popups.push(p.url());
    void p.close().catch(() => {});
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol))
      g.foreignRequests.push(r.url());
  });
  await page.exposeFunction('__reportViolation', (directive: string, uri: string, sample: string) => {
    (/^script-src|^worker-src|^object-src|^default-src/.test(directive) ? g.scriptViolations : g.blocked).push(
      `${directive} ${uri} ${sample}`,
    );
  });
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w['__canary'] = 0;
    w['__protoKeys'] = Object.getOwnPropertyNames(Object.prototype).length;
    document.addEventListener('securitypolicyviolation', (e) => {
      (w['__reportViolation'] as (d: string, u: string, s: string) => void)(
        e.violatedDirective,
        e.blockedURI,
        e.sample,
      );
    });
  });
  return g;
}

/** Starts watching navigation once the app is up (loading it is not an escape). */
function watchNavigation(page: Page, g: Guard) {
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) g.navigations.push(f.url());
  });
}

/** Everything that executed or leaked. */
async function executions(page: Page, g: Guard, allowedNavigations: RegExp[] = []): Promise<string[]> {
  const inPage = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    const out: string[] = [];
    if (w['__canary'] !== 0) out.push(`canary changed to ${String(w['__canary'])}`);
    if (Object.getOwnPropertyNames(Object.prototype).length !== w['__protoKeys'])
      out.push('Object.prototype gained properties');
    for (const k of ['polluted', 'pwned', 'x']) if (k in {}) out.push(`Object.prototype.${k} is set`);
    if (typeof (w['alert'] as unknown) !== 'function' || String(w['alert']).indexOf('[native code]') < 0)
      out.push('window.alert was replaced');
    return out;
  });
  return [
    ...g.dialogs.map((d) => `dialog ${d}`),
    ...g.popups.map((p) => `popup ${p}`),
    // Share links the test opens itself (the app's own page with a #/s/ hash) are not escapes.
    ...g.navigations
      .filter((n) => !OWN_PAGE.test(n) && !allowedNavigations.some((a) => a.test(n)))
      .map((n) => `navigated to ${n}`),
    ...g.scriptViolations.map((v) => `CSP violation ${v}`),
    ...g.foreignRequests.map((r) => `request to ${r}`),
    ...inPage,
  ];
}

function report(name: string, g: Guard, executed: string[]) {
  console.log(
    `security/${name}: payloads tried ${g.payloads}, executions ${executed.length}${g.blocked.length ? `, blocked by the CSP ${g.blocked.length}` : ''}`,
  );
  mkdirSync(OUT, { recursive: true });
  writeFileSync(
    `${OUT}/${name}.json`,
    JSON.stringify({ name, payloads: g.payloads, executions: executed, blocked: g.blocked }, null, 2),
  );
}

test.afterAll(() => {
  let payloads = 0;
  let executed = 0;
  let files = 0;
  try {
    for (const f of readdirSync(OUT)) {
      const r = JSON.parse(readFileSync(`${OUT}/${f}`, 'utf8')) as { payloads: number; executions: string[] };
      payloads += r.payloads;
      executed += r.executions.length;
      files++;
    }
  } catch {
    return;
  }
  console.log(`security corpus so far (${files} groups): payloads tried ${payloads}, executions ${executed}`);
});

/** Opens the app on a spec and waits until it is drawn. */
async function open(page: Page, spec: unknown): Promise<void> {
  await page.goto('/' + shareHash(JSON.stringify(spec, null, 2)));
  await waitForChart(page, 1);
}

/**
 * Loads a spec into the running app through a share link (as opening one in the same tab does)
 * and waits until the app is done with it: drawn, or refused with a problem.
 */
async function load(page: Page, spec: unknown): Promise<'drawn' | 'refused'> {
  const before = await shownVersion(page);
  const text = JSON.stringify(spec, null, 2);
  await page.evaluate((h) => (location.hash = h), shareHash(text));
  let outcome: 'drawn' | 'refused' | undefined;
  await expect
    .poll(async () => {
      const state = await chartPane(page).getAttribute('data-state');
      if (state === 'ready' && (await shownVersion(page)) > before) outcome = 'drawn';
      else if ((state === 'stale' || state === 'empty') && (await problems(page).count()) > 0) outcome = 'refused';
      return outcome;
    })
    .toBeDefined();
  return outcome!;
}

const HTML_PAYLOADS = [
  '<img src=x onerror="window.__canary=1;alert(1)">',
  '<script>window.__canary=2;alert(2)</script>',
  '<svg><script>alert(3)</script></svg>',
  '"><img src=x onerror=alert(4)>',
  "'><svg onload=alert(5)>",
  '<iframe src="javascript:alert(6)"></iframe>',
  '<a href="javascript:alert(7)">click</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(8)>',
  '&lt;img src=x onerror=alert(9)&gt;',
  '<foreignObject><body onload=alert(10)></body></foreignObject>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<details open ontoggle=alert(12)>',
  ']]><script>alert(13)</script><![CDATA[',
  '<?xml-stylesheet href="javascript:alert(14)"?>',
  '<!--<img src="--><img src=x onerror=alert(15)//">',
];

const BAD_LINKS = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(2)',
  ' javascript:alert(3)',
  'java\tscript:alert(4)',
  'java\nscript:alert(5)',
  '\u0000javascript:alert(6)',
  'javascript://%0aalert(7)',
  'javascript:window.__canary=8',
  'data:text/html,<script>alert(9)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxMCk8L3NjcmlwdD4=',
  'DATA:text/html,<script>alert(11)</script>',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(12)"/>',
  'vbscript:msgbox(13)',
  'file:///etc/passwd',
];

test('links: javascript: and data: hrefs, clicked, open nothing; a web link still works', async ({ page }) => {
  const g = await guard(page);
  const control = 'https://example.com/control';
  let controlRequests = 0;
  await page.route('https://example.com/**', (route) => {
    controlRequests++;
    // 204: the browser stays on the page.
    void route.fulfill({ status: 204 });
  });
  const links = [...BAD_LINKS, control];
  await open(page, {
    $schema: VL,
    width: 900,
    height: 200,
    data: { values: links.map((href, i) => ({ i, href, v: 1 })) },
    mark: 'bar',
    encoding: {
      x: { field: 'i', type: 'ordinal' },
      y: { field: 'v', type: 'quantitative' },
      href: { field: 'href' },
    },
  });
  watchNavigation(page, g);
  const bars = page.locator('[data-testid="chart"] svg g.mark-rect path');
  await expect(bars).toHaveCount(links.length);
  for (let i = 0; i < BAD_LINKS.length; i++) {
    await bars.nth(i).click();
    g.payloads++;
  }
  // The refusals are promises: give them time to settle before looking.
  await page.waitForTimeout(500);
  expect(await executions(page, g)).toEqual([]);
  // The control: a web link is followed (the same click path works).
  await bars.nth(links.length - 1).click();
  await expect.poll(() => controlRequests).toBe(1);
  // The control's own request and navigation are what it is for; everything else counts.
  g.foreignRequests = g.foreignRequests.filter((r) => r !== control);
  const executed = await executions(page, g, [/^https:\/\/example\.com\/control$/]);
  report('links', g, executed);
  expect(executed).toEqual([]);
});

test('tooltips and titles: HTML in data, titles and tooltip keys is shown as text when hovered', async ({ page }) => {
  const g = await guard(page);
  await open(page, {
    $schema: VL,
    title: { text: HTML_PAYLOADS[0], subtitle: HTML_PAYLOADS[1] },
    width: 900,
    height: 200,
    data: { values: HTML_PAYLOADS.map((p, i) => ({ i, p, v: 1 })) },
    mark: 'bar',
    encoding: {
      x: { field: 'i', type: 'ordinal', title: HTML_PAYLOADS[2] },
      y: { field: 'v', type: 'quantitative', title: HTML_PAYLOADS[3] },
      tooltip: [
        { field: 'p', type: 'nominal', title: '<img src=x onerror=alert("key")>' },
        { field: 'i', type: 'quantitative' },
      ],
    },
  });
  watchNavigation(page, g);
  const bars = page.locator('[data-testid="chart"] svg g.mark-rect path');
  await expect(bars).toHaveCount(HTML_PAYLOADS.length);
  const tooltip = page.locator('#vg-tooltip-element');
  for (let i = 0; i < HTML_PAYLOADS.length; i++) {
    await bars.nth(i).hover();
    await expect(tooltip).toHaveClass(/visible/);
    // The payload is there as text, and no element came from it.
    await expect(tooltip).toContainText(HTML_PAYLOADS[i]!);
    const tags = await tooltip.evaluate((el) => [...el.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()));
    expect(new Set(tags)).toEqual(new Set(['table', 'tbody', 'tr', 'td']));
    g.payloads++;
  }
  g.payloads += 4; // title, subtitle and two axis titles
  await expect(page.locator('[data-testid="chart"] svg')).toContainText(HTML_PAYLOADS[0]!);

  // An object tooltip (Vega): its title, image and keys are the handler's HTML parts.
  await load(page, {
    $schema: VG,
    width: 400,
    height: 100,
    data: [{ name: 't', values: HTML_PAYLOADS.map((p, i) => ({ i, p })) }],
    scales: [{ name: 'x', type: 'band', domain: { data: 't', field: 'i' }, range: 'width' }],
    marks: [
      {
        type: 'rect',
        from: { data: 't' },
        encode: {
          update: {
            x: { scale: 'x', field: 'i' },
            width: { scale: 'x', band: 1 },
            y: { value: 0 },
            height: { value: 100 },
            tooltip: {
              signal:
                "{title: datum.p, image: 'javascript:window.__canary=3', '<img src=x onerror=alert(16)>': datum.p, value: {nested: datum.p}}",
            },
          },
        },
      },
    ],
  });
  const rects = page.locator('[data-testid="chart"] svg g.mark-rect path');
  await expect(rects).toHaveCount(HTML_PAYLOADS.length);
  for (let i = 0; i < HTML_PAYLOADS.length; i++) {
    await rects.nth(i).hover();
    await expect(tooltip.locator('h2')).toHaveText(HTML_PAYLOADS[i]!);
    const found = await tooltip.evaluate((el) => ({
      tags: [...el.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()),
      handlers: [...el.querySelectorAll('*')]
        .flatMap((e) => [...e.attributes].map((a) => a.name))
        .filter((n) => n.startsWith('on')),
      images: [...el.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? ''),
    }));
    expect(found.handlers).toEqual([]);
    expect(found.tags.filter((t) => !['h2', 'img', 'table', 'tbody', 'tr', 'td'].includes(t))).toEqual([]);
    // The image is resolved as a URL against the page: never run, only (not) loaded.
    for (const src of found.images) expect(src.startsWith('javascript:')).toBe(false);
    g.payloads++;
  }
  await page.mouse.move(0, 0);
  const executed = await executions(page, g);
  report('tooltips-titles', g, executed);
  expect(executed).toEqual([]);
});

/** Expressions that try to reach the page: constructors, Function, window, timers. */
const EXPRESSIONS = [
  "constructor.constructor('window.__canary=1')()",
  "datum.constructor.constructor('alert(1)')()",
  "(1).constructor.constructor('alert(2)')()",
  "''['constructor']['constructor']('alert(3)')()",
  "[]['map']['constructor']('alert(4)')()",
  'this.constructor',
  "Function('alert(5)')()",
  'window.alert(6)',
  'alert(7)',
  "eval('alert(8)')",
  'globalThis.alert(9)',
  "setTimeout('alert(10)')",
  "toString.constructor('alert(11)')()",
  "datum['__proto__']['constructor']",
  "(0//1/)-'\\\n,alert(12))))//'",
  "vlSelectionResolve('x', 'union', 'constructor')",
  "sequence(1, 2)['constructor']['constructor']('alert(13)')()",
  "pluck(datum, '__proto__')",
];

/** Event handler payloads: `event` reaches the DOM (`event.view` is the window). */
const EVENT_EXPRESSIONS = [
  'scale(event.view.alert, 14)',
  "scale(event.view.setTimeout, 'window.__canary=15')",
  'event.view.alert(16)',
  'event.target.ownerDocument.defaultView.alert(17)',
  "scale(event.view.open, 'https://evil.example/18')",
  "scale(event.view.eval, 'alert(19)')",
  "scale(event.target.ownerDocument.defaultView.Function('alert(20)'), 1)",
  'event.view.VEGA_DEBUG',
  "event.view.location.assign('https://evil.example/21')",
  "scale(event.view.fetch, 'https://evil.example/22')",
  "scale(event.view.Function, 'alert(23)')",
  'event.view.__canary = 24',
];

function vlWith(where: 'param' | 'calculate' | 'filter' | 'tooltip', expr: string) {
  return {
    $schema: VL,
    width: 300,
    height: 100,
    data: { values: [{ a: 1 }, { a: 2 }] },
    ...(where === 'param' ? { params: [{ name: 'p', expr }] } : {}),
    transform: where === 'calculate' ? [{ calculate: expr, as: 'c' }] : where === 'filter' ? [{ filter: expr }] : [],
    mark: where === 'tooltip' ? { type: 'bar', tooltip: { expr } } : 'bar',
    encoding: { x: { field: 'a', type: 'ordinal' }, y: { field: 'a', type: 'quantitative' } },
  };
}

function vgOn(expr: string) {
  return {
    $schema: VG,
    width: 300,
    height: 100,
    signals: [
      {
        name: 's',
        value: 0,
        on: [
          { events: 'click', update: expr },
          { events: 'mousemove', update: expr },
        ],
      },
    ],
    marks: [
      {
        type: 'rect',
        encode: {
          update: {
            x: { value: 0 },
            y: { value: 0 },
            width: { value: 300 },
            height: { value: 100 },
            fill: { value: '#4c78a8' },
          },
        },
      },
    ],
  };
}

test('expressions: constructor, Function and window payloads in signals, calculate, filter, tooltips and event handlers run nothing', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const g = await guard(page);
  await open(page, vlWith('calculate', 'datum.a * 2'));
  watchNavigation(page, g);
  const outcomes = { drawn: 0, refused: 0 };
  for (const expr of EXPRESSIONS) {
    for (const where of ['param', 'calculate', 'filter', 'tooltip'] as const) {
      outcomes[await load(page, vlWith(where, expr))]++;
      g.payloads++;
      if (where === 'tooltip')
        await page
          .locator('[data-testid="chart"] svg')
          .hover()
          .catch(() => {});
    }
  }
  for (const expr of [...EXPRESSIONS, ...EVENT_EXPRESSIONS]) {
    const outcome = await load(page, vgOn(expr));
    outcomes[outcome]++;
    g.payloads++;
    if (outcome === 'drawn') {
      const svg = page.locator('[data-testid="chart"] svg');
      await svg.hover({ position: { x: 50, y: 50 } });
      await svg.hover({ position: { x: 120, y: 60 } });
      await svg.click({ position: { x: 100, y: 50 } });
    }
  }
  await page.waitForTimeout(300);
  console.log(`expressions: ${outcomes.drawn} drawn harmlessly, ${outcomes.refused} refused with a problem`);
  const executed = await executions(page, g);
  report('expressions', g, executed);
  expect(executed).toEqual([]);
});

/**
 * What in an SVG could run script, read from the parsed markup (text that merely shows `<script>`
 * is fine): script, foreignObject or embedding elements, event-handler attributes, script or
 * data links. Runs in the page: the browser's own XML parser reads the SVG as a viewer would.
 */
function svgFindings(page: Page, svgText: string) {
  return page.evaluate((svg) => {
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const all = [...doc.querySelectorAll('*')];
    const out: string[] = [];
    const error = doc.querySelector('parsererror');
    if (error) out.push(`not well-formed: ${error.textContent ?? ''}`);
    for (const e of all) {
      const tag = e.tagName.toLowerCase();
      if (['script', 'foreignobject', 'iframe', 'object', 'embed', 'handler', 'listener'].includes(tag))
        out.push(`a <${tag}> element`);
      for (const a of e.attributes) {
        if (a.name.toLowerCase().startsWith('on')) out.push(`an ${a.name} attribute on <${tag}>`);
        // eslint-disable-next-line no-control-regex -- browsers drop control characters in a URL's scheme
        const value = a.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (/(^|:)href$/.test(a.name) && /^(javascript|data|vbscript):/.test(value))
          out.push(`a link to ${a.value.slice(0, 40)}`);
      }
    }
    return {
      findings: out,
      links: all.map((e) => e.getAttribute('href') ?? e.getAttribute('xlink:href')).filter((h): h is string => !!h),
    };
  }, svgText);
}

test('SVG export: <script>, foreignObject and links in text and hrefs never reach the SVG', async ({ page }) => {
  const g = await guard(page);
  const texts = [
    ...HTML_PAYLOADS,
    '</text><script>alert(30)</script><text>',
    '<foreignObject width="100" height="100"><iframe src="javascript:alert(31)"/></foreignObject>',
  ];
  await open(page, {
    $schema: VL,
    title: '<script>window.__canary=5</script>',
    description: '"><script>alert(32)</script>',
    width: 900,
    height: 600,
    data: {
      values: texts.map((t, i) => ({
        i,
        t,
        v: 1,
        href: BAD_LINKS[i % BAD_LINKS.length],
        ok: 'https://example.com/' + i,
      })),
    },
    layer: [
      { mark: 'bar', encoding: { href: { field: 'href' }, description: { field: 't' } } },
      { mark: { type: 'text', dx: 20 }, encoding: { text: { field: 't' }, href: { field: 'ok' } } },
    ],
    encoding: {
      y: { field: 'i', type: 'ordinal', axis: { title: '<foreignObject>' } },
      x: { field: 'v', type: 'quantitative' },
    },
  });
  watchNavigation(page, g);
  g.payloads += texts.length * 2 + 3;
  const exported = await page.evaluate(async () => {
    const host = document.querySelector('[data-testid="chart"]') as
      (Element & { chartspecView?: { toSVG(): Promise<string> } }) | null;
    if (!host?.chartspecView) throw new Error('no drawn view on the chart element');
    return host.chartspecView.toSVG();
  });
  // The text is there, as text; the safe links are links; the unsafe ones are not.
  expect(exported).toContain('&lt;script&gt;window.__canary=5&lt;/script&gt;');
  expect(exported).toContain('xlink:href="https://example.com/0"');
  const found = await svgFindings(page, exported);
  expect(found.findings).toEqual([]);
  expect(found.links.filter((h) => !/^https:\/\/example\.com\/\d+$/.test(h))).toEqual([]);
  // The SVG on screen too.
  const onScreen = await page
    .locator('[data-testid="chart"] svg')
    .evaluate((svg) => new XMLSerializer().serializeToString(svg));
  expect((await svgFindings(page, onScreen)).findings).toEqual([]);
  const executed = await executions(page, g);
  report('svg-export', g, executed);
  expect(executed).toEqual([]);
});

/** Keys that change prototypes when a spec is merged carelessly. */
function protoSpec(n: number) {
  const spec = JSON.parse(`{
    "$schema": "${VL}",
    "__proto__": {"polluted": ${n}},
    "constructor": {"prototype": {"polluted": ${n}}},
    "data": {"values": [{"a": 1, "__proto__": {"polluted": ${n}}, "constructor": {"prototype": {"pwned": ${n}}}}, {"a": 2}]},
    "config": {"__proto__": {"polluted": ${n}}, "mark": {"__proto__": {"polluted": ${n}}}},
    "params": [{"name": "x", "value": {"__proto__": {"polluted": ${n}}}}],
    "transform": [{"calculate": "datum.a", "as": "__proto__"}, {"calculate": "datum.a", "as": "constructor"}],
    "usermeta": {"__proto__": {"polluted": ${n}}},
    "mark": {"type": "bar", "__proto__": {"polluted": ${n}}},
    "encoding": {"__proto__": {"polluted": ${n}}, "x": {"field": "a", "type": "ordinal", "__proto__": {"polluted": ${n}}}, "y": {"field": "a", "type": "quantitative"}}
  }`) as Record<string, unknown>;
  return spec;
}

test('__proto__ and constructor keys in a spec, a share link and saved text change no prototype', async ({ page }) => {
  const g = await guard(page);
  // JSON.parse keeps "__proto__" as an own key, so the share link carries it as written.
  const text = JSON.stringify(protoSpec(1), null, 2);
  expect(text).toContain('"__proto__"');
  await page.goto('/' + shareHash(text));
  // Where vega-lite would read it, "__proto__" is refused with a Problem at its key.
  await expect(
    page.getByTestId('problem').filter({ hasText: 'A property named "__proto__" cannot be drawn' }),
  ).toHaveCount(1);
  watchNavigation(page, g);
  g.payloads += 12;
  // Once the link's text is autosaved (so that autosave cannot overwrite what comes next)…
  await expect.poll(() => page.evaluate(() => localStorage.getItem('chartspec:text'))).toContain('"polluted": 1');
  // …as saved text: put it in autosave, reload without a link.
  await page.evaluate((t) => localStorage.setItem('chartspec:text', t), JSON.stringify(protoSpec(2), null, 2));
  await page.goto('/');
  await expect(
    page.getByTestId('problem').filter({ hasText: 'A property named "__proto__" cannot be drawn' }),
  ).toHaveCount(1);
  expect(await page.evaluate(() => localStorage.getItem('chartspec:text'))).toContain('"polluted": 2');
  g.payloads += 12;
  // And a Vega spec with the keys in data, signals and marks.
  await load(page, {
    $schema: VG,
    ...JSON.parse('{"__proto__": {"polluted": 3}}'),
    data: [
      {
        name: 't',
        values: JSON.parse('[{"__proto__": {"polluted": 3}, "a": 1}]'),
        transform: [{ type: 'formula', expr: '1', as: '__proto__' }],
      },
    ],
    signals: [{ name: '__proto__', value: 1 }],
    marks: [
      {
        type: 'rect',
        from: { data: 't' },
        encode: JSON.parse('{"update": {"__proto__": {"polluted": 3}, "x": {"value": 1}}}'),
      },
    ],
  });
  g.payloads += 5;
  await page.waitForTimeout(300);
  const executed = await executions(page, g);
  report('prototype-keys', g, executed);
  expect(executed).toEqual([]);
});

test('usermeta.embedOptions cannot change the loader, actions or the expression evaluator', async ({ page }) => {
  const g = await guard(page);
  await open(page, {
    $schema: VL,
    usermeta: {
      embedOptions: {
        loader: { baseURL: 'https://evil.example/', target: '_blank' },
        actions: true,
        ast: false,
        renderer: 'canvas',
        tooltip: false,
        config: 'https://evil.example/config.json',
        patch: 'https://evil.example/patch.json',
        downloadFileName: '<script>alert(1)</script>',
      },
    },
    data: { url: 'data/cars.json' },
    mark: 'point',
    encoding: {
      x: { field: 'Horsepower', type: 'quantitative' },
      y: { field: 'Miles_per_Gallon', type: 'quantitative' },
    },
  });
  watchNavigation(page, g);
  g.payloads += 8;
  // Drawn from the app's own data/cars.json, with the app's own options.
  await expect(page.locator('[data-testid="chart"] svg g.mark-symbol path').first()).toBeVisible();
  await expect(page.locator('[data-testid="chart"] canvas')).toHaveCount(0);
  await expect(page.locator('.vega-actions, details[title="Click to view actions"]')).toHaveCount(0);
  await expect(problems(page).filter({ hasText: 'usermeta.embedOptions is ignored' })).toHaveCount(1);
  const executed = await executions(page, g);
  report('embed-options', g, executed);
  expect(executed).toEqual([]);
});
