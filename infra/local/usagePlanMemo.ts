/** How many keys are remembered as enabled at most: a store with more keys is asked about the rest. */
const MAX_REMEMBERED = 10_000;

/**
 * The usage-plan check (gateway.ts `keyEnabled`) asked of the store only when an API key record
 * may have changed since: a key found enabled is remembered until the embedded store answers a
 * write to any key record (`keyWrites` moves). Every revoke goes through that store, whether made
 * by the dashboard in this process or by `npm run keys` in another, so a revoked key is still
 * refused at once, without a store read on every request in between.
 */
export function rememberEnabledKeys(
  keyEnabled: (keyHash: string) => Promise<boolean>,
  keyWrites: () => number,
): (keyHash: string) => Promise<boolean> {
  const enabled = new Set<string>();
  let writesSeen = keyWrites();
  return async (keyHash) => {
    if (keyWrites() !== writesSeen) {
      enabled.clear();
      writesSeen = keyWrites();
    }
    if (enabled.has(keyHash)) return true;
    const before = writesSeen;
    const answer = await keyEnabled(keyHash);
    // A key write answered while this read was under way may or may not be in it: ask again next time.
    if (answer && keyWrites() === before) {
      if (enabled.size >= MAX_REMEMBERED) enabled.clear();
      enabled.add(keyHash);
    }
    return answer;
  };
}
