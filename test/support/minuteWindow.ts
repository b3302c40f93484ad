/**
 * Waits until at least `seconds` remain in the current minute, so a test that counts against a
 * per-minute fixed window does not straddle two windows.
 */
export async function withinOneMinuteWindow(seconds = 10): Promise<void> {
  const left = 60 - (new Date().getSeconds() + new Date().getMilliseconds() / 1000);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}
