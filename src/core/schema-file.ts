import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { marks } from './marks/index';
import type { JsonObject } from './marks/types';
import { buildExtendedSchema } from './schema';

/** The text of schemas/chartspec.schema.json, exactly as committed. */
export function extendedSchemaText(): string {
  return JSON.stringify(buildExtendedSchema(vegaLiteSchema as JsonObject, marks), null, 2) + '\n';
}
