import { describe, expect, it } from 'vitest';
import { datasetsDir, datasetsLoader } from '../../../src/cli/datasets';
import { createLoader } from '../../../src/render/loader';
import { join } from 'node:path';

/** The loaders' answer for a URL: where it is read from, and whether that is the disk. */
type Sanitized = { href: string; localFile?: boolean };

const CDN = 'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/cars.json';
const MISSING = 'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/not-in-the-package.json';

describe("the command line's loader", () => {
  const loader = datasetsLoader();
  const sanitize = (uri: string, context: string) => loader.sanitize(uri, { context } as never) as Promise<Sanitized>;

  it('reads a vega-datasets file named by its web address from the package', async () => {
    const local = await sanitize(CDN, 'dataflow');
    expect(local.href).toBe(join(datasetsDir(), 'cars.json'));
    expect(local.localFile).toBe(true);
    // And the rows are the file's.
    const text = String(await loader.load(CDN, { context: 'dataflow' } as never));
    expect(JSON.parse(text)).toHaveLength(406);
  });

  it('inlines an image the package has, named by its web address', async () => {
    const image = await sanitize('https://unpkg.com/vega-datasets/data/ffox.png', 'image');
    expect(image.href).toMatch(/^data:image\/png;base64,/);
  });

  it('fetches a file the package lacks as written, and leaves links alone', async () => {
    const remote = await sanitize(MISSING, 'dataflow');
    expect(remote).toEqual({ href: MISSING });
    expect(remote.localFile).toBe(false);
    expect(await sanitize(CDN, 'href')).toEqual({ href: CDN });
  });
});

describe("the page's loader", () => {
  const loader = createLoader();
  const sanitize = (uri: string, context: string) => loader.sanitize(uri, { context } as never) as Promise<Sanitized>;

  it("reads a vega-datasets file named by its web address from the app's own data/ folder", async () => {
    expect((await sanitize(CDN, 'dataflow')).href).toBe('data/cars.json');
    expect((await sanitize('//unpkg.com/vega-datasets/data/ffox.png', 'image')).href).toBe('data/ffox.png');
  });

  it('fetches a file the package lacks as written, and a link opens the page it names', async () => {
    expect((await sanitize(MISSING, 'dataflow')).href).toBe(MISSING);
    expect((await sanitize(CDN, 'href')).href).toBe(CDN);
  });
});
