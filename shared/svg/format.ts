const UNITS = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
];

/** 950 -> "950", 1234 -> "1.2K", 5000 -> "5K", 2500000 -> "2.5M". */
export function compactNumber(value: number): string {
  // Negative numbers mirror positive ones, so rounding is the same on both sides of zero.
  if (value < 0) return `-${compactNumber(-value)}`;
  const unit = UNITS.find((u) => value >= u.value);
  if (!unit) return String(value);
  const scaled = Math.round((value / unit.value) * 10) / 10;
  // 999,950 rounds to 1000K: promote it to the next unit instead.
  const bigger = UNITS[UNITS.indexOf(unit) - 1];
  if (scaled >= 1000 && bigger) return compactNumber(bigger.value);
  return `${scaled}${unit.suffix}`;
}
