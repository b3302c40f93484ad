import * as z from 'zod/mini';

/**
 * A payload as a tolerant reader sees it: every field may be absent, `null` is read as absent, and
 * a list holds only the items that could be read. Renderers typed with it must say what is there.
 */
export type Tolerant<T> = T extends string | number | boolean | bigint | null | undefined
  ? Exclude<T, null> | undefined
  : T extends readonly (infer Item)[]
    ? NonNullable<Tolerant<Item>>[] | undefined
    : T extends object
      ? { [K in keyof T]?: Tolerant<T[K]> } | undefined
      : T;

/** What a renderer of `schema` gets: its output read tolerantly, an object even when the body held nothing of it. */
export type TolerantOutput<S extends z.core.$ZodType> = NonNullable<Tolerant<z.output<S>>>;

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
const defOf = (schema: z.core.$ZodType) => schema._zod.def as Def;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A leaf (or a whole union, pipe or check) kept when the schema takes it as it is, dropped otherwise. */
const strictly = (schema: z.core.$ZodType, value: unknown): unknown => {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? parsed.data : undefined;
};

/** Text where text was expected, or a number or boolean written out: providers change ids between the two. */
const asText = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
    : (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean'
      ? String(value)
      : undefined;
const asNumber = (value: unknown): unknown =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())
      ? Number(value)
      : undefined;
const asBoolean = (value: unknown): unknown =>
  typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined;

/**
 * `value` read by `schema` as a tolerant reader reads a payload: what fits is kept (numbers and
 * text coerced where the schema wants the other), what does not becomes undefined rather than
 * failing the read, unreadable list items are dropped, and objects keep only their schema's fields
 * (loose ones all). So any version's payload renders with what it has.
 */
export function readTolerantly(schema: z.core.$ZodType, value: unknown): unknown {
  const def = defOf(schema);
  const checked = (read: unknown) =>
    read !== undefined && (def.checks as unknown[] | undefined)?.length ? strictly(schema, read) : read;
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return value === null ? undefined : readTolerantly(def.innerType as z.core.$ZodType, value);
    case 'string':
      return checked(asText(value));
    case 'number':
      return checked(asNumber(value));
    case 'boolean':
      return checked(asBoolean(value));
    case 'unknown':
    case 'any':
      return value ?? undefined;
    case 'object': {
      if (!isRecord(value)) return undefined;
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const read: Record<string, unknown> = def.catchall ? { ...value } : {};
      for (const [key, field] of Object.entries(shape)) {
        const fieldValue = Object.hasOwn(value, key) ? readTolerantly(field, value[key]) : undefined;
        if (fieldValue === undefined) delete read[key];
        else read[key] = fieldValue;
      }
      return checked(read);
    }
    case 'array': {
      if (!Array.isArray(value)) return undefined;
      return checked(
        value.map((item) => readTolerantly(def.element as z.core.$ZodType, item)).filter((item) => item !== undefined),
      );
    }
    case 'record': {
      if (!isRecord(value)) return undefined;
      const entries = Object.entries(value).map(
        ([key, item]) => [key, readTolerantly(def.valueType as z.core.$ZodType, item)] as const,
      );
      return checked(Object.fromEntries(entries.filter(([, item]) => item !== undefined)));
    }
    case 'union': {
      const options = def.options as z.core.$ZodType[];
      for (const option of options) {
        const exact = z.safeParse(option, value);
        if (exact.success) return exact.data;
      }
      for (const option of options) {
        const read = readTolerantly(option, value);
        if (read !== undefined) return read;
      }
      return undefined;
    }
    case 'pipe': {
      const read = readTolerantly(def.in as z.core.$ZodType, value);
      return read === undefined ? undefined : strictly(def.out as z.core.$ZodType, read);
    }
    default:
      return value === null ? undefined : strictly(schema, value);
  }
}
