/**
 * Waits until at least `margin` seconds remain in the current fixed window of `windowSeconds`
 * (aligned on the epoch, as the service's counters are), so a test that counts against such a
 * window does not straddle two of them.
 */
export async function withinOneWindow(windowSeconds = 60, margin = 10): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}
