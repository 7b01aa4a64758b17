import { describe, expect, it } from 'vitest';
import { detectLanguage, SCHEMA_URLS, SUPPORTED_MAJOR } from '../../src/core/language';
import { parseDocument } from '../../src/core/parse';
import { lc, textOf } from './helpers';

const detect = (text: string) => detectLanguage(parseDocument(text));

describe('detectLanguage', () => {
  it('reads a spec without $schema as Vega-Lite, silently', () => {
    expect(detect('{"mark": "bar"}')).toEqual({ language: 'vega-lite', problems: [] });
  });

  it('reads the Vega v6 URL as Vega, silently', () => {
    expect(detect(`{"$schema": "${SCHEMA_URLS.vega}", "marks": []}`)).toEqual({
      language: 'vega',
      version: 6,
      problems: [],
    });
  });

  it('reads the Vega-Lite v6 URL as Vega-Lite, silently', () => {
    expect(detect(`{"$schema": "${SCHEMA_URLS['vega-lite']}"}`)).toEqual({
      language: 'vega-lite',
      version: 6,
      problems: [],
    });
  });

  it('accepts minor and patch versions in the URL', () => {
    const info = detect('{"$schema": "https://vega.github.io/schema/vega-lite/v6.4.3.json"}');
    expect(info).toMatchObject({ language: 'vega-lite', version: 6, problems: [] });
  });

  it('reads a Vega-Lite v5 URL as Vega-Lite, with an info at /$schema', () => {
    const text = '{\n  "$schema": "https://vega.github.io/schema/vega-lite/v5.json",\n  "mark": "bar"\n}';
    const doc = parseDocument(text);
    const info = detectLanguage(doc);
    expect(info.language).toBe('vega-lite');
    expect(info.version).toBe(5);
    expect(info.problems).toHaveLength(1);
    const [p] = info.problems;
    expect(p).toMatchObject({ severity: 'info', source: 'schema', path: '/$schema' });
    expect(p!.message).toContain('Vega-Lite v5');
    expect(p!.message).toContain(`Vega-Lite v${SUPPORTED_MAJOR}`);
    expect(textOf(doc, p!.range)).toBe('"https://vega.github.io/schema/vega-lite/v5.json"');
    expect(lc(p!.range)).toBe('2:14-2:63');
  });

  it('reads a Vega v5 URL as Vega, with an info naming Vega', () => {
    const info = detect('{"$schema": "https://vega.github.io/schema/vega/v5.json"}');
    expect(info.language).toBe('vega');
    expect(info.version).toBe(5);
    expect(info.problems.map((p) => [p.severity, p.path])).toEqual([['info', '/$schema']]);
    expect(info.problems[0]!.message).toMatch(/^This spec names Vega v5;/);
  });

  it('warns about an unknown URL and reads the spec as Vega-Lite', () => {
    const text = '{"mark": "bar", "$schema": "https://example.com/my-schema.json"}';
    const doc = parseDocument(text);
    const info = detectLanguage(doc);
    expect(info.language).toBe('vega-lite');
    expect(info.version).toBeUndefined();
    expect(info.problems).toHaveLength(1);
    expect(info.problems[0]).toMatchObject({ severity: 'warning', source: 'schema', path: '/$schema' });
    expect(info.problems[0]!.message).toContain(SCHEMA_URLS['vega-lite']);
    expect(info.problems[0]!.message).toContain(SCHEMA_URLS.vega);
    expect(textOf(doc, info.problems[0]!.range)).toBe('"https://example.com/my-schema.json"');
  });

  it.each([
    ['a URL with a query after .json', 'https://vega.github.io/schema/vega-lite/v6.json?x=1'],
    ['a schema of another tool', 'https://json-schema.org/draft-07/schema'],
    ['the empty string', ''],
  ])('warns for %s', (_name, url) => {
    const info = detect(JSON.stringify({ $schema: url }));
    expect(info.language).toBe('vega-lite');
    expect(info.problems.map((p) => p.severity)).toEqual(['warning']);
  });

  it.each([['6'], ['null'], ['{"url": "x"}'], ['["https://vega.github.io/schema/vega/v6.json"]']])(
    'gives an error for a non-string $schema %s, and reads Vega-Lite',
    (raw) => {
      const text = `{"$schema": ${raw}}`;
      const doc = parseDocument(text);
      const info = detectLanguage(doc);
      expect(info.language).toBe('vega-lite');
      expect(info.problems).toHaveLength(1);
      expect(info.problems[0]).toMatchObject({ severity: 'error', source: 'schema', path: '/$schema' });
      expect(info.problems[0]!.range.start.offset).toBe(12);
    },
  );

  it('reads a non-object value as Vega-Lite without problems', () => {
    expect(detect('[1]').language).toBe('vega-lite');
    expect(detect('[1]').problems).toEqual([]);
    expect(detect('').problems).toEqual([]);
  });
});
