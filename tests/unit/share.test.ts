import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { decodeHash, encodeShareHash, linkText, LINK_WARN_LENGTH, shareLink, VEGA_SCHEMA } from '../../src/io/share';
import { withVegaSchema } from '../../src/io/vega-link';

describe('links', () => {
  const text = '{"title": "Ünïcödé 📈", "mark": "bar"}\r\n';

  it('a share link carries the text exactly', () => {
    expect(decodeHash(encodeShareHash(text))).toEqual({ kind: 'spec', text, source: 'share' });
  });

  it('reads the Vega Editor formats', async () => {
    const lz = compressToEncodedURIComponent(text);
    expect(decodeHash(`#/url/vega-lite/${lz}`)).toEqual({ kind: 'spec', text, source: 'vega-editor' });
    expect(decodeHash(`#/url/vega-lite/${lz}/view`)).toEqual({ kind: 'spec', text, source: 'vega-editor' });
    const vega = decodeHash(`#/url/vega/${compressToEncodedURIComponent('{"marks": []}')}`);
    expect(vega).toEqual({ kind: 'spec', text: '{"marks": []}', source: 'vega-editor', vega: true });
    expect(await linkText(vega as { text: string; vega?: true })).toBe(
      `{\n  "$schema": "${VEGA_SCHEMA}",\n  "marks": []\n}`,
    );
    expect(await linkText({ text })).toBe(text);
    expect(decodeHash('#/url/vega-lite/')).toMatchObject({ kind: 'invalid' });
    expect(decodeHash('#/url/vega/%%%')).toMatchObject({ kind: 'invalid' });
  });

  it('routes the gallery and examples', () => {
    expect(decodeHash('#/gallery')).toEqual({ kind: 'gallery' });
    expect(decodeHash('#/example/bar-simple')).toEqual({ kind: 'example', name: 'bar-simple' });
    expect(decodeHash('#/example/../../etc')).toEqual({ kind: 'none' });
    expect(decodeHash('')).toEqual({ kind: 'none' });
  });

  it('a Vega spec keeps its own $schema and anything that is not an object is left alone', () => {
    const own = '{"$schema": "https://vega.github.io/schema/vega/v5.json", "marks": []}';
    expect(withVegaSchema(own, VEGA_SCHEMA)).toBe(own);
    expect(withVegaSchema('[1, 2', VEGA_SCHEMA)).toBe('[1, 2');
    expect(withVegaSchema('{}', VEGA_SCHEMA)).toBe(`{\n  "$schema": "${VEGA_SCHEMA}"\n}`);
  });

  it('says the length and warns when a link is too long for chat tools', () => {
    const short = shareLink(text, 'http://host/app/#/gallery');
    expect(short.url.startsWith('http://host/app/#/s/')).toBe(true);
    expect(short.length).toBe(short.url.length);
    expect(short.warning).toBeUndefined();
    let seed = 1;
    const noise = Array.from({ length: 3000 }, () => ((seed = (seed * 16807) % 2147483647) % 1000).toString()).join(
      ',',
    );
    const long = shareLink(`{"data": {"values": [${noise}]}}`, 'http://host/');
    expect(long.length).toBeGreaterThan(LINK_WARN_LENGTH);
    expect(long.warning).toContain('chat tools');
  });
});
