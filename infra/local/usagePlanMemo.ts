import { boundedSet } from '../../shared/store/boundedCache';

/** How many keys are remembered as enabled at most: a store with more keys is asked about the rest. */
const MAX_REMEMBERED = 10_000;

/**
 * The usage-plan check (gateway.ts `keyEnabled`) without a store read per request: a key found enabled
 * is remembered until the embedded store answers a write to any key record, so a revoke still counts at once.
 */
export function rememberEnabledKeys(
  keyEnabled: (keyHash: string) => Promise<boolean>,
  keyWrites: () => number,
): (keyHash: string) => Promise<boolean> {
  const enabled = boundedSet<string>(MAX_REMEMBERED);
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
    if (answer && keyWrites() === before) enabled.add(keyHash);
    return answer;
  };
}
