/**
 * Patterns the OpenAPI document publishes and the server checks with the very same RegExp. Portable
 * (ECMA-262, Python's `re`, Go's RE2) so generated clients validate as the server does: ASCII
 * classes, `\xHH` escapes, no lookaround, backreferences or flags (docs/design.md).
 */

/** No control characters (Unicode Cc: U+0000-U+001F, U+007F-U+009F). */
export const NO_CONTROLS = /^[^\x00-\x1F\x7F-\x9F]+$/;

/**
 * The spaces beyond Latin-1 that String.prototype.trim removes, as the characters themselves (the
 * pattern's source holds them, not \u escapes). The line and paragraph separators are inside the
 * range from U+2027 to U+202F (a source would escape them written alone), with the bidi controls.
 */
const WIDE_SPACES = '\u1680\u2000-\u200a\u2027-\u202f\u205f\u3000\ufeff';

/**
 * Text a person reads (a name, a description): no control character, and at least one that is not
 * a space of any kind (what trimming would leave). Written without lookahead or \s, which regex
 * engines read differently (the OpenAPI document's patterns stay in what RE2, Python and
 * JavaScript share).
 */
export const VISIBLE_TEXT = new RegExp(
  `^[^\\x00-\\x1F\\x7F-\\x9F]*[^\\x00-\\x20\\x7F-\\xA0${WIDE_SPACES}][^\\x00-\\x1F\\x7F-\\x9F]*$`,
);

export const HEX_COLOR = /^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/;

/** Snowflakes are unsigned 64-bit integers. */
export const LARGEST_SNOWFLAKE = 2n ** 64n - 1n;
/**
 * A Discord snowflake (webhook, application ids) in its one spelling: 17 to 20 digits, no leading
 * zero, at most 2^64-1. A zero-padded or overlong alias would get its own quota, records and secrets.
 */
export const SNOWFLAKE = decimalAtMost(LARGEST_SNOWFLAKE, 17);
export const WEBHOOK_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
/** A Discord webhook's URL as Discord shows it (Copy Webhook URL): /api[/v<n>]/webhooks/<snowflake>/<token>. */
export const DISCORD_WEBHOOK_URL = new RegExp(
  '^https://(?:ptb[.]|canary[.])?discord(?:app)?[.]com/api(?:/v[0-9]+)?/webhooks/' +
    `${SNOWFLAKE.source.slice(1, -1)}/${WEBHOOK_TOKEN.source.slice(1, -1)}/?$`,
);

/** A tag as typed: ASCII white space around it is trimmed, letter case folded. */
export const TAG = /^[\x09-\x0D ]*[A-Za-z0-9][A-Za-z0-9-]{0,23}[\x09-\x0D ]*$/;

/** A decimal integer of at least `minDigits` digits, no leading zero, at most `max`. */
export function decimalAtMost(max: bigint, minDigits: number): RegExp {
  const top = max.toString();
  const shorter = `[1-9][0-9]{${minDigits - 1},${top.length - 2}}`;
  // Same length as max: its first i digits, then a smaller digit, then any digits.
  const below = [...top].flatMap((digit, i) => {
    const least = i === 0 ? 1 : 0;
    const [smaller, rest] = [Number(digit) - 1, top.length - i - 1];
    if (smaller < least) return [];
    return [`${top.slice(0, i)}${smaller === least ? least : `[${least}-${smaller}]`}${rest ? `[0-9]{${rest}}` : ''}`];
  });
  return new RegExp(`^(?:${[shorter, ...below, top].join('|')})$`);
}
