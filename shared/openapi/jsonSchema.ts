import * as z from 'zod/mini';
import { wireSchemaOf } from '../routes/params';

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). `input` describes what a client
 * sends: parameters stated by their wire schema (an integer 1..1024, not the string it arrives
 * as) with their defaults; `output` describes what the API answers.
 */
export function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...document } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    // Refinements and transforms have no JSON Schema; the shape around them still does.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: generated }) => {
      const wire = wireSchemaOf(zodSchema);
      if (wire) {
        for (const key of Object.keys(generated)) delete generated[key];
        Object.assign(generated, wire);
      }
      const def = zodSchema._zod.def as { type: string; defaultValue?: unknown };
      if (def.type === 'default') generated.default = def.defaultValue;
    },
  });
  return document as JsonSchema;
}
