import { dsvFormat } from 'd3-dsv';

export interface DsvFormat {
  delimiter?: string;
  header?: string[];
}

/**
 * Reads delimited text into row objects like d3-dsv's `parse`, without `new Function` (which
 * d3-dsv uses to build rows, and which the page's Content-Security-Policy forbids). Column names
 * such as `__proto__` become own properties.
 */
export function readDelimited(
  text: string,
  format: DsvFormat,
  delimiter = format.delimiter ?? ',',
): Record<string, string>[] {
  const rows = dsvFormat(delimiter).parseRows(String(text));
  const header = format.header ?? rows.shift() ?? [];
  const out: Record<string, string>[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const obj: Record<string, string> = {};
    for (let c = 0; c < header.length; c++) {
      const key = header[c]!;
      const value = row[c] ?? '';
      if (key === '__proto__')
        Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
      else obj[key] = value;
    }
    out[r] = obj;
  }
  return Object.assign(out, { columns: header });
}
