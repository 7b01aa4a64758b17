import * as vega from 'vega';
import type { Loader } from 'vega';
import { readDelimited, type DsvFormat } from '../io/dsv';
import { DATA_RESPONSE_TIMEOUT_MS, limitMessages } from '../core/limits';
import { bundledDatasetFile, bundledDatasetUrl } from '../core/dataset-url';
import { registerFormat } from './vega-internals';

// How charts reach data and links: the CSP-safe CSV readers, the links a chart may open, the loader.

type Reader = ((data: string, format: DsvFormat) => unknown) & { responseType?: string };

function delimited(delimiter?: string): Reader {
  const reader: Reader = (data, format) => readDelimited(data, format ?? {}, delimiter ?? format?.delimiter ?? ',');
  reader.responseType = 'text';
  return reader;
}

// vega re-exports vega-loader's `formats` registry; its typings just do not declare it.
const formats = registerFormat as (name: string, reader: Reader) => void;

let installed = false;

/** Replaces Vega's CSV/TSV/DSV readers with ones that work under the page's CSP. Once. */
export function installCspSafeFormats(): void {
  if (installed) return;
  installed = true;
  formats('csv', delimited(','));
  formats('tsv', delimited('\t'));
  formats('dsv', delimited());
}

/** Links a chart may open: web pages, mail, and places in the app itself (relative). */
export function isSafeLink(href: unknown): boolean {
  if (typeof href !== 'string') return false;
  // As browsers read URLs: control characters and spaces inside a scheme are dropped.
  // eslint-disable-next-line no-control-regex -- those characters are what is removed
  const s = href.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(s);
  return !scheme || /^(https?|mailto)$/i.test(scheme[1]!);
}

type HttpOptions = RequestInit & { response?: string };

/**
 * Vega's loader, with three changes. Links (`href`) may only be web pages, mail or relative:
 * `javascript:` and `data:` links are refused (Vega's own check lets `data:` through). A
 * vega-datasets file named by its address on the web (jsDelivr, unpkg, GitHub: see
 * core/dataset-url.ts) is read from the app's own copy at `data/`, so it loads without the
 * network. And a data URL must start answering within DATA_RESPONSE_TIMEOUT_MS; one that never
 * does is given up with a message that names the limit, instead of leaving the chart waiting forever.
 */
export function createLoader(): Loader {
  const loader = vega.loader() as Loader & { options: { http?: RequestInit } };
  const sanitize = loader.sanitize.bind(loader);
  loader.sanitize = (uri, options) => {
    const context = (options as { context?: string } | undefined)?.context;
    if (context === 'href') {
      if (!isSafeLink(uri)) return Promise.reject(new Error(`Link refused: ${String(uri).slice(0, 80)}`));
      // A link opens the page it names, on the web: only data and images are read locally.
      return sanitize(uri, options);
    }
    const file = bundledDatasetFile(uri);
    return sanitize(file === undefined ? uri : bundledDatasetUrl(file), options);
  };
  loader.http = async (url: string, options?: HttpOptions): Promise<string> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), DATA_RESPONSE_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, { ...loader.options.http, ...options, signal: controller.signal });
    } catch (e) {
      throw controller.signal.aborted ? new Error(limitMessages.dataTimeout()) : e;
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
    const type = options?.response as keyof Response | undefined;
    // Vega asks for what its format reads (text, or an arrayBuffer for Arrow and Parquet).
    const read =
      type && typeof response[type] === 'function' ? (response[type] as () => Promise<string>) : response.text;
    return read.call(response);
  };
  return loader;
}
