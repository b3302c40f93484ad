/** A length of time as a channel reads it: "45s", "12m 5s", "1h 2m 3s"; nothing when it is not a sane number. */
export function formatSeconds(total: number): string | undefined {
  if (!Number.isFinite(total) || total < 0) return undefined;
  const seconds = Math.round(total);
  const h = Math.floor(seconds / 3600),
    m = Math.floor((seconds % 3600) / 60),
    s = seconds % 60;
  return h ? `${h}h ${m}m ${s}s` : m ? `${m}m ${s}s` : `${s}s`;
}

/** The time between two ISO timestamps; nothing when either is missing or unreadable, or they run backwards. */
export const durationBetween = (
  start: string | null | undefined,
  finish: string | null | undefined,
): string | undefined => formatSeconds((Date.parse(finish ?? '') - Date.parse(start ?? '')) / 1000);
