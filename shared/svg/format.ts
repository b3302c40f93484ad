const UNITS = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
];

/**
 * 950 -> "950", 1234 -> "1.2K", 5000 -> "5K", 2500000 -> "2.5M". Cut, never rounded up: 99,999,999 XP
 * of 100,000,000 is "99.9M / 100M", not a bar that reads as complete.
 */
export function compactNumber(value: number): string {
  // Negative numbers mirror positive ones, so cutting is the same on both sides of zero.
  if (value < 0) return `-${compactNumber(-value)}`;
  const unit = UNITS.find((u) => value >= u.value);
  if (!unit) return String(value);
  // Whole tenths of the unit, counted in integers (a float's 2.3 * 10 could floor to 22).
  const tenths = Math.floor(value / (unit.value / 10));
  return `${tenths / 10}${unit.suffix}`;
}

/** Made once: `toLocaleString` with a locale builds a new formatter on every call. */
const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234567 -> "1,234,567": a figure that must be read exactly, like a rank. */
export const groupedNumber = (value: number): string => GROUPED.format(value);
