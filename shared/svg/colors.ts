const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses `#RGB` / `#RRGGBB` (the `#` optional) into canonical lowercase `#rrggbb`, or undefined. */
export function parseHexColor(input: string): string | undefined {
  const digits = HEX.exec(input.trim())?.[1]?.toLowerCase();
  if (!digits) return undefined;
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}
