/**
 * An amount in a currency's smallest unit (cents; yen, which has none) as people write it:
 * 2000 usd -> "$20.00", 500 jpy -> "¥500". Unknown currency codes show the code.
 */
export function money(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  if (/^[A-Z]{3}$/.test(code)) {
    try {
      const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
      const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
      return format.format(minorUnits / 10 ** digits);
    } catch {
      // Not a currency Intl knows: shown as the number and its code below.
    }
  }
  return `${minorUnits} ${code.slice(0, 10)}`;
}
