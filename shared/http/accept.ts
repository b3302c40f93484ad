/**
 * Picks the media type a client prefers among `offers` from its Accept header (RFC 9110 q-values,
 * `type/*` and `*\/*` ranges). Ties and a missing header go to the first offer, the default.
 */
export function preferredType<T extends string>(accept: string | undefined, offers: readonly [T, ...T[]]): T {
  if (!accept) return offers[0];
  const ranges = accept.split(',').flatMap((part) => {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    return /^[\w.+-]+\/[\w.+*-]+$|^\*\/\*$/.test(range) && Number.isFinite(quality)
      ? [{ range, quality, specificity: range === '*/*' ? 0 : range.endsWith('/*') ? 1 : 2 }]
      : [];
  });
  const qualityOf = (offer: string) => {
    const matches = ranges.filter(
      ({ range }) =>
        range === offer || range === '*/*' || (range.endsWith('/*') && offer.startsWith(range.slice(0, -1))),
    );
    // The most specific range that matches decides (text/html;q=0 beats */*).
    const best = matches.sort((a, b) => b.specificity - a.specificity)[0];
    return best?.quality ?? 0;
  };
  let chosen = offers[0];
  let chosenQuality = qualityOf(chosen);
  for (const offer of offers.slice(1)) {
    const quality = qualityOf(offer);
    if (quality > chosenQuality) [chosen, chosenQuality] = [offer, quality];
  }
  return chosen;
}
