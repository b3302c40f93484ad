import fc from 'fast-check';

/**
 * One field of a payload changed the ways an older, newer or self-hosted version of a provider
 * may send it: removed, null, or of another type (the field-dropout tests).
 */
export type Path = (string | number)[];
export type Mutation = { path: Path; change: 'remove' | 'null' | 'retype'; value?: unknown };

/** Words that only a missing value (or a function, an inherited table entry) printed as text would put in a message. */
export const LEAKS = /\b(?:undefined|null|NaN)\b|\[object Object\]|\[native code\]/g;

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Every field's path in a payload, objects' and lists' items included, parents before children. */
export function pathsOf(node: unknown, at: Path = []): Path[] {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const path = [...at, Array.isArray(node) ? Number(key) : key];
    return [path, ...pathsOf(value, path)];
  });
}

export const valueAt = (payload: unknown, path: Path) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], payload);

/**
 * `write(payload)` with the mutation applied in place, then undone (a list item removed closes the
 * gap): cheaper than copying a large payload for each of thousands of mutations.
 */
export function withMutation<T>(
  payload: Record<string, unknown>,
  { path, change, value }: Mutation,
  write: (payload: Record<string, unknown>) => T,
): T {
  const parent = valueAt(payload, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  const had = Object.hasOwn(parent, last);
  const before = parent[last];
  if (change === 'remove') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = change === 'null' ? null : value;
  try {
    return write(payload);
  } finally {
    if (Array.isArray(parent) && change === 'remove') parent.splice(last as number, 0, before);
    else if (had) parent[last] = before;
    else delete parent[last];
  }
}

/** Values a field may be retyped to: any JSON of another kind, with no text that would itself read as a leak. */
const retypes = (original: unknown) =>
  fc
    .oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.string({ maxLength: 12 }),
      fc.constant({}),
      fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
    )
    .filter((value) => kindOf(value) !== kindOf(original) && !JSON.stringify(value).match(LEAKS));

/** A retyping of one of `paths` in `payload`. */
export const retyping = (payload: unknown, paths: Path[]): fc.Arbitrary<Mutation> =>
  fc
    .constantFrom(...paths)
    .chain((path) => retypes(valueAt(payload, path)).map((value) => ({ path, change: 'retype' as const, value })));

/** One of `paths` made null or of another type. */
export const nullingOrRetyping = (payload: unknown, paths: Path[]): fc.Arbitrary<Mutation> =>
  fc.oneof(
    fc.constantFrom(...paths).map((path) => ({ path, change: 'null' as const })),
    retyping(payload, paths),
  );

/** Any one mutation of one of `paths`. */
export const anyMutation = (payload: unknown, paths: Path[]): fc.Arbitrary<Mutation> =>
  fc.oneof(
    fc.constantFrom(...paths).map((path) => ({ path, change: 'remove' as const })),
    nullingOrRetyping(payload, paths),
  );

/** How a mutation reads in a failure message. */
export const describeMutation = ({ path, change, value }: Mutation) =>
  `${change} ${path.join('.')}${change === 'retype' ? ` to ${JSON.stringify(value)}` : ''}`;
