import type { ParsedDocument } from './parse';
import { rangeOfPointer } from './parse';
import type { Problem } from './problem';
import { CHARTSPEC_SCHEMA_ID } from './schema';

export type Language = 'vega-lite' | 'vega';

export const SUPPORTED_MAJOR = 6;

export const SCHEMA_URLS: Record<Language, string> = {
  'vega-lite': 'https://vega.github.io/schema/vega-lite/v6.json',
  vega: 'https://vega.github.io/schema/vega/v6.json',
};

export interface LanguageInfo {
  language: Language;
  /** Major version named by `$schema`, when it names one. */
  version?: number;
  problems: Problem[];
}

const schemaPattern = /\/schema\/(vega-lite|vega)\/v(\d+)(?:\.[\w.-]*)?\.json$/;

/** Reads `$schema`: Vega when it names Vega's schema, Vega-Lite otherwise (also when absent). */
export function detectLanguage(doc: ParsedDocument): LanguageInfo {
  const value = doc.value;
  const schema =
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)['$schema']
      : undefined;
  if (schema === undefined) return { language: 'vega-lite', problems: [] };

  const at = (message: string, severity: Problem['severity'] = 'warning'): Problem => ({
    severity,
    message,
    source: 'schema',
    path: '/$schema',
    range: rangeOfPointer(doc, '/$schema'),
  });

  if (typeof schema !== 'string') {
    return {
      language: 'vega-lite',
      problems: [at('"$schema" must be a URL string; reading the spec as Vega-Lite', 'error')],
    };
  }
  if (schema === CHARTSPEC_SCHEMA_ID) return { language: 'vega-lite', problems: [] };
  const m = schemaPattern.exec(schema);
  if (!m) {
    return {
      language: 'vega-lite',
      problems: [
        at(
          `Unrecognized "$schema"; reading the spec as Vega-Lite. Use ${SCHEMA_URLS['vega-lite']}, ${SCHEMA_URLS.vega} or ${CHARTSPEC_SCHEMA_ID}`,
        ),
      ],
    };
  }
  const language = m[1] as Language;
  const version = Number(m[2]);
  const problems: Problem[] = [];
  if (version !== SUPPORTED_MAJOR) {
    const name = language === 'vega' ? 'Vega' : 'Vega-Lite';
    problems.push(
      at(
        `This spec names ${name} v${version}; Chartspec draws it with ${name} v${SUPPORTED_MAJOR}, so a few details may differ`,
        'info',
      ),
    );
  }
  return { language, version, problems };
}
