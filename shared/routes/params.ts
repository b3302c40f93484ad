import { z } from 'zod';
import { urlProblem } from '../images/urlRules';
import { parseHexColor } from '../svg/colors';

/**
 * Query/path parameter schemas. Every value arrives as a string; each helper states its rule
 * once and uses it as the message, so a 400 says exactly what was expected ("must be ...").
 * A missing required value reports "is required" (the validator turns that into MISSING_PARAMETER).
 */
const required = (rule: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : rule) });

const codePoints = (value: string) => [...value].length;

export function integer(min: number, max?: number) {
  const rule = max === undefined ? `must be an integer >= ${min}` : `must be an integer between ${min} and ${max}`;
  return z
    .string(required(rule))
    .regex(/^[+-]?\d{1,15}$/, { error: rule })
    .transform(Number)
    .pipe(z.number().min(min, { error: rule }).max(max ?? Number.MAX_SAFE_INTEGER, { error: rule }));
}

/** A decimal number such as `1.5`, `-90` or `.25` (no exponents, no hex, no Infinity/NaN). */
export function decimal(min: number, max: number) {
  const rule = `must be a number between ${min} and ${max}`;
  return z
    .string(required(rule))
    .regex(/^[+-]?(\d{1,10}(\.\d{0,10})?|\.\d{1,10})$/, { error: rule })
    .transform(Number)
    .pipe(z.number().min(min, { error: rule }).max(max, { error: rule }));
}

/**
 * Text measured in characters as a person counts them (code points, so emoji count once);
 * `trim` strips surrounding white space first. Text made only of spaces, controls, format
 * characters (zero-width, bidi) or lone accents would draw nothing, so it is refused too.
 */
export function text(min: number, max: number, options: { trim?: boolean } = {}) {
  const rule = `must be ${min} to ${max} characters${options.trim ? ' after trimming' : ''}`;
  return z
    .string(required(rule))
    .transform((value) => (options.trim ? value.trim() : value))
    .refine((value) => codePoints(value) >= min && codePoints(value) <= max, { error: rule, abort: true })
    .refine((value) => VISIBLE.test(value), { error: 'must contain a visible character' });
}

const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}]/u;

/** One of a fixed set, matched case-insensitively. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const rule = `must be one of ${values.join(', ')}`;
  return z
    .string(required(rule))
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(values, { error: rule }));
}

export function hexColor() {
  const rule = 'must be a hex colour #RGB or #RRGGBB';
  return z
    .string(required(rule))
    .refine((value) => parseHexColor(value) !== undefined, { error: rule })
    .transform((value) => parseHexColor(value) as string);
}

/** An absolute http(s) URL without credentials; where it points is checked when it is fetched. */
export function httpUrl() {
  const rule = 'must be an http or https URL';
  return z
    .string(required(rule))
    .max(2048, { error: 'must be at most 2048 characters' })
    .refine((value) => urlProblem(value) === undefined, {
      error: (issue) => (urlProblem(String(issue.input)) === 'contains credentials' ? 'must not contain credentials' : rule),
    });
}

export type LabelOrPicture = { kind: 'text'; text: string } | { kind: 'picture'; url: string };

/**
 * A scene's label: an http(s) URL is a picture to fetch and draw (held to the URL rules), anything
 * else is text of `min`..`max` characters after trimming, with something visible.
 */
export function labelOrPicture(min: number, max: number) {
  const rule = `must be ${min} to ${max} characters, or an http(s) image URL`;
  return z.string(required(rule)).transform((raw, context): LabelOrPicture => {
    const value = raw.trim();
    const fail = (message: string) => {
      context.addIssue({ code: 'custom', message, input: raw });
      return z.NEVER;
    };
    if (/^https?:\/\//i.test(value)) {
      if (value.length > 2048) return fail('must be at most 2048 characters');
      const problem = urlProblem(value);
      if (problem === 'contains credentials') return fail('must not contain credentials');
      if (problem) return fail('starts like a URL but is not a valid http(s) URL');
      return { kind: 'picture', url: value };
    }
    if (codePoints(value) < min || codePoints(value) > max) return fail(rule);
    if (!VISIBLE.test(value)) return fail('must contain a visible character');
    return { kind: 'text', text: value };
  });
}
