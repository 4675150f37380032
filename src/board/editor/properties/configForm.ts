import { z } from 'zod';

/**
 * One field of the generated "Settings" form, derived from a panel type's config schema. Only simple
 * shapes become fields (everything else stays in "Advanced (JSON)"):
 * - `number`: a number (`integer` when the schema wants whole numbers), with its bounds;
 * - `boolean`: a checkbox;
 * - `enum`: one of a list of strings;
 * - `enumList`: any subset of a list of strings (an array of an enum), with its size bounds.
 */
export type ConfigField =
  | { key: string; kind: 'number'; integer: boolean; min?: number; max?: number; default?: number; required: boolean }
  | { key: string; kind: 'boolean'; default?: boolean; required: boolean }
  | { key: string; kind: 'enum'; options: string[]; default?: string; required: boolean }
  | { key: string; kind: 'enumList'; options: string[]; minItems?: number; maxItems?: number; default?: string[]; required: boolean };

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

const strings = (values: unknown[] | undefined): string[] | null => (values && values.every((v) => typeof v === 'string') ? (values as string[]) : null);

function fieldOf(key: string, s: JsonSchema, required: boolean): ConfigField | null {
  // A nullable or optional-with-null field comes as anyOf [x, null]: use x.
  if (s.anyOf) {
    const rest = s.anyOf.filter((x) => x.type !== 'null');
    return rest.length === 1 ? fieldOf(key, { ...rest[0], default: s.default ?? rest[0].default }, required) : null;
  }
  const options = strings(s.enum);
  if (options) return { key, kind: 'enum', options, required, ...(typeof s.default === 'string' ? { default: s.default } : {}) };
  if (s.type === 'number' || s.type === 'integer') {
    const min = s.minimum ?? s.exclusiveMinimum;
    const max = s.maximum ?? s.exclusiveMaximum;
    return {
      key,
      kind: 'number',
      integer: s.type === 'integer',
      required,
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      ...(typeof s.default === 'number' ? { default: s.default } : {}),
    };
  }
  if (s.type === 'boolean') return { key, kind: 'boolean', required, ...(typeof s.default === 'boolean' ? { default: s.default } : {}) };
  if (s.type === 'array' && s.items) {
    const items = strings(s.items.enum);
    if (!items) return null;
    return {
      key,
      kind: 'enumList',
      options: items,
      required,
      ...(s.minItems !== undefined ? { minItems: s.minItems } : {}),
      ...(s.maxItems !== undefined ? { maxItems: s.maxItems } : {}),
      ...(Array.isArray(s.default) ? { default: s.default as string[] } : {}),
    };
  }
  return null;
}

/**
 * The form fields of a config schema, in the schema's key order, leaving out `skip` (keys the "Data"
 * section binds) and any key whose shape the form cannot edit. The schema is read as JSON Schema of its
 * input (zod 4 `z.toJSONSchema(schema, { io: 'input' })`), so defaults are known and optional keys are
 * not required. A schema that is not an object (or cannot be converted) gives no fields.
 */
export function configFields(schema: z.ZodType, skip: ReadonlySet<string> = new Set()): ConfigField[] {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return [];
  }
  if (json.type !== 'object' || !json.properties) return [];
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties).flatMap(([key, s]) => {
    if (skip.has(key)) return [];
    const f = fieldOf(key, s, required.has(key));
    return f ? [f] : [];
  });
}

/** What a form field shows for a config: the stored value, else the schema's default, else empty. */
export function fieldValue(field: ConfigField, config: Record<string, unknown>): unknown {
  return config[field.key] ?? field.default;
}
