import * as z from 'zod/mini';
import { MAX_URL_LENGTH, urlProblem } from '../images/urlRules';
import { parseHexColor } from '../svg/colors';
import { HEX_COLOR, LARGEST_SNOWFLAKE, SNOWFLAKE } from './patterns';

/**
 * Query/path parameter schemas. Every value arrives as a string; each helper states its rule
 * once and uses it as the message, so a 400 says exactly what was expected ("must be ...").
 * A missing required value reports "is required" (the validator turns that into MISSING_PARAMETER).
 */
export const required = (rule: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : rule),
});

const codePoints = (value: string) => [...value].length;

/**
 * How a parameter looks on the wire, for the OpenAPI document: the schemas below parse strings,
 * so what they accept is stated here (an integer 1..1024, not "a string of digits").
 */
export type WireSchema = { type: 'integer' | 'number' | 'string'; description?: string } & Record<string, unknown>;
/**
 * A schema checked by a pattern carries a `title`, the pattern in a few words ("hex colour: 3 or 6
 * digits"): the docs page shows that where it would otherwise have to show the pattern itself.
 */
export const describedPattern = <S extends z.ZodMiniType>(schema: S, title: string): S => withMeta(schema, { title });
/** Registers what the OpenAPI document says of `schema` (zod/mini schemas have no `.meta()`). */
export function withMeta<S extends z.ZodMiniType>(schema: S, meta: z.core.GlobalMeta): S {
  z.globalRegistry.add(schema, meta);
  return schema;
}

export const wire = <S extends z.ZodMiniType>(schema: S, param: WireSchema): S => withMeta(schema, { param });
export const wireSchemaOf = (schema: z.core.$ZodType): WireSchema | undefined =>
  (z.globalRegistry.get(schema) as { param?: WireSchema } | undefined)?.param;

/** A number written as `pattern` matches, between `min` and `max`; every refusal says `rule`. */
const numberFrom = (pattern: RegExp, min: number, max: number, rule: string) =>
  z.pipe(
    z.pipe(z.string(required(rule)).check(z.regex(pattern, { error: rule })), z.transform(Number)),
    z.number().check(z.minimum(min, { error: rule }), z.maximum(max, { error: rule })),
  );

/** A length limit with the message every 400 uses for it. */
export const atMost = (max: number) => z.maxLength(max, { error: `must be at most ${max} characters` });

/** Integers are at most 15 digits: every one of them is exact in a double. */
const LARGEST_INTEGER = 999_999_999_999_999;

export function integer(min: number, max = LARGEST_INTEGER) {
  const rule =
    max === LARGEST_INTEGER ? `must be an integer >= ${min}` : `must be an integer between ${min} and ${max}`;
  const schema = numberFrom(/^[+-]?\d{1,15}$/, min, max, rule);
  return wire(schema, { type: 'integer', minimum: min, maximum: max });
}

/**
 * A Discord id of `what` ("webhook", "client"). One spelling per id: a zero-padded or overlong
 * alias would get its own quota, records and secrets.
 */
export function snowflake(what: string) {
  const rule =
    `must be a Discord ${what} id ` + `(a snowflake: 17 to 20 digits, no leading zero, at most ${LARGEST_SNOWFLAKE})`;
  // The pattern holds the 64-bit bound too, so the document states it as the server checks it.
  const schema = z.string(required(rule)).check(z.regex(SNOWFLAKE, { error: rule }));
  return wire(schema, {
    type: 'string',
    pattern: SNOWFLAKE.source,
    title: `Discord ${what} id: 17 to 20 digits`,
    description: `a Discord ${what} id, at most ${LARGEST_SNOWFLAKE}`,
  });
}

/** A decimal number such as `1.5`, `-90` or `.25` (no exponents, no hex, no Infinity/NaN). */
export function decimal(min: number, max: number) {
  const rule = `must be a number between ${min} and ${max}`;
  const schema = numberFrom(/^[+-]?(\d{1,10}(\.\d{0,10})?|\.\d{1,10})$/, min, max, rule);
  return wire(schema, {
    type: 'number',
    minimum: min,
    maximum: max,
    description: 'a decimal such as 1.5 (no exponent)',
  });
}

/**
 * Text measured in characters as a person counts them (code points, so emoji count once);
 * `trim` strips surrounding white space first. Text made only of spaces, controls, format
 * characters (zero-width, bidi) or lone accents would draw nothing, so it is refused too.
 */
export function text(min: number, max: number, options: { trim?: boolean } = {}) {
  const rule = `must be ${min} to ${max} characters${options.trim ? ' after trimming' : ''}`;
  const trimmed = z.pipe(
    z.string(required(rule)),
    z.transform((value: string) => (options.trim ? value.trim() : value)),
  );
  const schema = trimmed.check(
    z.refine((value) => codePoints(value) >= min && codePoints(value) <= max, { error: rule, abort: true }),
    z.refine((value) => VISIBLE.test(value), { error: 'must contain a visible character' }),
  );
  return wire(schema, {
    type: 'string',
    minLength: min,
    maxLength: max,
    description: `${min} to ${max} characters${options.trim ? ' after trimming' : ''}, with something visible`,
  });
}

const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}]/u;

/** ASCII letters in lower case, nothing else: a Unicode fold would let the Kelvin sign pass for `k`. */
const asciiLowerCase = (value: unknown) =>
  typeof value === 'string' ? value.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) : value;

/**
 * One of a fixed set in any letter case (people type `PNG` and `Dark`), handed on in lower case.
 * The case is folded before the check, so the document states the canonical values as an enum
 * (generated clients get their literal types) and says in words that any case is taken.
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const listed = values.join(', ');
  const schema = z.pipe(z.transform(asciiLowerCase), z.enum(values, required(`must be one of ${listed}`)));
  return wire(schema, {
    type: 'string',
    enum: [...values],
    title: `one of ${listed}, any case`,
    description: `one of ${listed}; any letter case is accepted and read in lower case`,
  });
}

export function hexColor() {
  const rule = 'must be a hex colour #RGB or #RRGGBB';
  const schema = z.pipe(
    z.string(required(rule)).check(z.regex(HEX_COLOR, { error: rule })),
    z.transform((value: string) => parseHexColor(value) as string),
  );
  return wire(schema, {
    type: 'string',
    pattern: HEX_COLOR.source,
    title: 'hex colour: 3 or 6 digits, # optional',
    description: 'hex colour #RGB or #RRGGBB (the # is optional)',
  });
}

/** An absolute http(s) URL without credentials; where it points is checked when it is fetched. */
export function httpUrl(description = 'an http(s) URL without credentials') {
  const rule = 'must be an http or https URL';
  const schema = z.string(required(rule)).check(
    atMost(MAX_URL_LENGTH),
    z.refine((value) => urlProblem(value) === undefined, {
      error: (issue) =>
        urlProblem(String(issue.input)) === 'contains credentials' ? 'must not contain credentials' : rule,
    }),
  );
  return wire(schema, { type: 'string', format: 'uri', maxLength: MAX_URL_LENGTH, description });
}

export type LabelOrPicture = { kind: 'text'; text: string } | { kind: 'picture'; url: string };

/**
 * A scene's label: an http(s) URL is a picture to fetch and draw (held to the URL rules), anything
 * else is text of `min`..`max` characters after trimming, with something visible.
 */
export function labelOrPicture(min: number, max: number) {
  const rule = `must be ${min} to ${max} characters, or an http(s) image URL`;
  const parse = (raw: string, context: z.core.ParsePayload): LabelOrPicture => {
    const value = raw.trim();
    const fail = (message: string) => {
      // A zod/mini transform gets the parse payload itself (no addIssue): its issues are the result's.
      context.issues.push({ code: 'custom', message, input: raw });
      return z.NEVER;
    };
    if (/^https?:\/\//i.test(value)) {
      if (value.length > MAX_URL_LENGTH) return fail(`must be at most ${MAX_URL_LENGTH} characters`);
      const problem = urlProblem(value);
      if (problem === 'contains credentials') return fail('must not contain credentials');
      if (problem) return fail('starts like a URL but is not a valid http(s) URL');
      return { kind: 'picture', url: value };
    }
    if (codePoints(value) < min || codePoints(value) > max) return fail(rule);
    if (!VISIBLE.test(value)) return fail('must contain a visible character');
    return { kind: 'text', text: value };
  };
  const schema = z.pipe(z.string(required(rule)), z.transform(parse));
  return wire(schema, {
    type: 'string',
    maxLength: MAX_URL_LENGTH,
    description: `a label of ${min} to ${max} characters, or an http(s) picture URL to draw`,
  });
}
