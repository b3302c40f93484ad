import { accountPrincipal, ipPrincipal, keyPrincipal, paceRefusal, RateLimiter } from '../access/rateLimiter';
import { beyondRequestBudget } from '../aws/requestBudget';
import { sha256Hex } from '../crypto/hash';
import type { DeliveryOutcome } from '../discord/poster';
import { positiveInteger } from '../config/positiveInteger';
import { ApiError } from '../errors/apiError';
import { logger } from '../logging/logger';
import type { InvalidAnswerCounter, PairVerdict, RateCounterStore, Stores, WebhookPairStore } from '../store';
import { emfCount, RELAY_METRICS } from './relayMetrics';
import { refusesPair } from './refusedPairs';

/** A webhook id and token as the relay knows them: by the token's hash, with what Discord last said. */
export interface Pair {
  webhookId: string;
  tokenHash: string;
  verdict?: PairVerdict;
}

/**
 * Who asks about a pair: the source address always; a secret registration also its API key (the
 * dashboard has none) and its account, so one key or account cannot spread its tries over addresses.
 */
export interface Asker {
  sourceIp: string;
  keyId?: string;
  account?: string;
}

export interface PairGuardSettings {
  /** RELAY_NEW_PAIRS_PER_MINUTE: pairs never seen valid asked about per source address, API key and account. */
  newPairsPerMinute: number;
  /** RELAY_REFUSED_PER_MINUTE: requests about pairs Discord refused (answered from memory) per source address. */
  refusedPerMinute: number;
  /** RELAY_BRAKE_INVALID_PER_10_MIN: Discord's invalid answers in a window at which unknown pairs stop. */
  brakeInvalidPer10Min: number;
}

/** Discord's own window for invalid requests. */
const BRAKE_WINDOW_SECONDS = 600;
/** A refused pair (wrong token, deleted webhook) is answered from memory this long. */
const REFUSED_FOR_SECONDS = 10 * 60;
/** A pair Discord took a message for is known good this long after its last success... */
const GOOD_FOR_SECONDS = 30 * 86_400;
/** ...refreshed at most daily, so a busy webhook does not write on every delivery. */
const REFRESH_GOOD_AFTER_MS = 86_400_000;

/**
 * Keeps a flood of made-up webhook ids and tokens from reaching Discord, whose ban on invalid
 * requests would hit every user of Lambda's shared addresses: refused pairs are answered from
 * memory, and new pairs tried within per-address quotas and while the brake is off. Accepted pairs
 * always pass (providers send from shared addresses).
 */
export class PairGuard {
  /** Per-minute counts of askers: new pairs at newPairsPerMinute, refused ones at refusedPerMinute. */
  private readonly perMinute: RateLimiter;

  constructor(
    private readonly pairs: WebhookPairStore,
    private readonly invalidAnswers: InvalidAnswerCounter,
    counters: RateCounterStore,
    private readonly settings: PairGuardSettings,
    private readonly now: () => Date,
  ) {
    this.perMinute = new RateLimiter(counters, { limit: settings.newPairsPerMinute, now: () => now().getTime() });
  }

  async recall(webhookId: string, token: string): Promise<Pair> {
    const tokenHash = sha256Hex(token);
    const verdict = await this.pairs.get(webhookId, tokenHash, this.now());
    return { webhookId, tokenHash, ...(verdict ? { verdict } : {}) };
  }

  /**
   * Counts a request about a pair never seen valid against its asker's new pairs a minute (its
   * address, and its key and account when known), whether or not it reaches Discord: each costs a
   * counter, and the relay's route throttle is shared by every provider. A 429 names the limit
   * passed.
   */
  async count(pair: Pair, asker: Asker): Promise<void> {
    if (pair.verdict?.kind === 'good') return;
    const quotas: { principal: string; what: `new webhooks a minute ${string}` }[] = [
      { principal: ipPrincipal(asker.sourceIp), what: 'new webhooks a minute from this address' },
    ];
    if (asker.keyId)
      quotas.push({ principal: keyPrincipal(asker.keyId), what: 'new webhooks a minute for this API key' });
    if (asker.account)
      quotas.push({ principal: accountPrincipal(asker.account), what: 'new webhooks a minute for this account' });
    const counted = await Promise.all(
      quotas.map(async (quota) => ({
        ...quota,
        decision: await this.perMinute.hit(`relay-new-pair:${quota.principal}`),
      })),
    );
    const over = counted.find(({ decision }) => !decision.allowed);
    if (over) throw paceRefusal(over.decision, over.what);
  }

  /**
   * Counts a request about a refused pair, answered from memory, against its address's refused
   * pairs a minute: else one address could repeat every pair it had refused, each a store read and
   * write. A quota of its own, so a provider's stale webhooks cannot starve new webhooks' first
   * deliveries from the same shared address.
   */
  async countRefused(asker: Pick<Asker, 'sourceIp'>): Promise<void> {
    const decision = await this.perMinute.hit(`relay-refused-pair:${ipPrincipal(asker.sourceIp)}`, {
      limit: this.settings.refusedPerMinute,
    });
    if (!decision.allowed)
      throw paceRefusal(decision, 'requests a minute from this address for webhooks Discord refused');
  }

  /**
   * Before a pair never seen valid is tried on Discord: refused (503) while Discord's invalid answers are at the brake.
   */
  async brake(pair: Pair): Promise<void> {
    if (pair.verdict?.kind === 'good') return;
    const { windowStart, retryAfter } = this.window();
    if ((await this.recentInvalid(windowStart)) >= this.settings.brakeInvalidPer10Min) {
      logger.warn('relay brake: an unknown webhook is not tried while Discord is counting invalid requests', {
        webhookId: pair.webhookId,
        ...emfCount(RELAY_METRICS.brakeRefusals),
      });
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `The relay is not trying new webhooks for now (too many invalid requests to Discord); retry in ${retryAfter} s`,
        undefined,
        { 'Retry-After': String(retryAfter) },
      );
    }
  }

  /** Before a request that asks Discord about the pair (a secret registration): the brake, then the asker's quotas. */
  async admit(pair: Pair, asker: Asker): Promise<void> {
    await this.brake(pair);
    await this.count(pair, asker);
  }

  /**
   * One call to Discord about the pair: it is told how to count the answers Discord holds against
   * this service, and what Discord said is learnt. The relay and secret registration both ask so.
   */
  async consult<R extends DeliveryOutcome>(pair: Pair, call: (onInvalidAnswer: () => void) => Promise<R>): Promise<R> {
    let invalidAnswers = 0;
    const result = await call(() => {
      invalidAnswers += 1;
    });
    try {
      // Beyond the request's time budget, as the outcome's log is: a verdict lost to a
      // budget the calls before Discord spent has the next attempt ask Discord again.
      await beyondRequestBudget(() => this.learn(pair, result, invalidAnswers));
    } catch (error) {
      // Discord has answered (the relay's message may be posted already): what it said is only
      // remembered to spare it later, so a store failure here must not fail the answer.
      logger.warn('what Discord said of a webhook could not be remembered', {
        webhookId: pair.webhookId,
        error: error as Error,
      });
    }
    return result;
  }

  /** Remembers what Discord said of the pair, and counts its invalid answers towards the brake. */
  private async learn(pair: Pair, result: DeliveryOutcome, invalidAnswers: number): Promise<void> {
    const nowMs = this.now().getTime();
    const expires = (seconds: number) => Math.floor(nowMs / 1000) + seconds;
    if (invalidAnswers > 0) await this.countInvalid(invalidAnswers);
    if (result.kind === 'delivered') {
      const since = pair.verdict?.kind === 'good' ? Date.parse(pair.verdict.since) : Number.NaN;
      if (!(nowMs - since < REFRESH_GOOD_AFTER_MS))
        await this.pairs.remember(
          pair.webhookId,
          pair.tokenHash,
          { kind: 'good', since: new Date(nowMs).toISOString() },
          expires(GOOD_FOR_SECONDS),
        );
    } else if (refusesPair(result)) {
      await this.pairs.remember(
        pair.webhookId,
        pair.tokenHash,
        { kind: 'refused', status: result.status },
        expires(REFUSED_FOR_SECONDS),
      );
    }
  }

  /**
   * Invalid answers in this window and the one before. Any 10 minutes lie within two consecutive
   * windows, so braking on their sum keeps every 10 minutes under the threshold; one window alone
   * would let a threshold's worth through at the end of a window and as many at the start of the next.
   */
  private async recentInvalid(windowStart: number): Promise<number> {
    const [current, previous] = await Promise.all([
      this.invalidAnswers.read(windowStart),
      this.invalidAnswers.read(windowStart - BRAKE_WINDOW_SECONDS),
    ]);
    return current + previous;
  }

  private async countInvalid(count: number): Promise<void> {
    const { windowStart, windowEnd } = this.window();
    // Kept through the next window, whose brake reads it too.
    const current = await this.invalidAnswers.add(windowStart, count, windowEnd + 2 * BRAKE_WINDOW_SECONDS);
    const total = current + (await this.invalidAnswers.read(windowStart - BRAKE_WINDOW_SECONDS));
    // Said once, by the instance whose answers crossed the line.
    if (total >= this.settings.brakeInvalidPer10Min && total - count < this.settings.brakeInvalidPer10Min) {
      logger.warn('relay brake engaged: unknown webhooks are refused until the window ends', {
        invalidAnswers: total,
        windowStart,
        windowEnd,
      });
    }
  }

  private window() {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % BRAKE_WINDOW_SECONDS);
    const windowEnd = windowStart + BRAKE_WINDOW_SECONDS;
    return { windowStart, windowEnd, retryAfter: Math.max(1, windowEnd - nowSeconds) };
  }
}

/**
 * RELAY_NEW_PAIRS_PER_MINUTE (20), RELAY_REFUSED_PER_MINUTE (120: a provider's shared address goes
 * on delivering to its users' stale webhooks, up to the ~200 refusals 20 new pairs a minute let it
 * hold over the 10 minutes each is remembered; beyond it they are only answered 429 instead of
 * 401) and RELAY_BRAKE_INVALID_PER_10_MIN (5,000: half of Discord's 10,000).
 */
export const pairGuardSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): PairGuardSettings => ({
  newPairsPerMinute: positiveInteger(env, 'RELAY_NEW_PAIRS_PER_MINUTE', 20),
  refusedPerMinute: positiveInteger(env, 'RELAY_REFUSED_PER_MINUTE', 120),
  brakeInvalidPer10Min: positiveInteger(env, 'RELAY_BRAKE_INVALID_PER_10_MIN', 5_000),
});

/** The guard over one table's stores. */
export const pairGuardOver = (
  stores: Pick<Stores, 'webhookPairs' | 'invalidAnswers' | 'rateCounters'>,
  now: () => Date,
  settings = pairGuardSettingsFromEnv(),
) => new PairGuard(stores.webhookPairs, stores.invalidAnswers, stores.rateCounters, settings, now);
