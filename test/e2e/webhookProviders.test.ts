import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import type { DiscordMessage } from '../../shared/discord/message';
import { EVERY_OTHER_EVENT, type Provider } from '../../shared/webhooks/provider';
import { providers } from '../../shared/webhooks/providers/index';
import { toProviderDelivery, type FixtureDelivery } from '../fixtures/delivery';
import { fixtureDeliveries } from '../fixtures/deliveries';
import { expectAnswer, startRelayHarness, type RelayHarness } from '../support/relayHarness';
import { expectWithinDiscordLimits } from '../support/discordLimits';
import { codecOf } from '../support/fixtureCodec';
import { HOSTILE_TITLE } from '../support/hostileText';

/** What no embed text may hold: C0 and C1 controls but tab, line feed and carriage return, and bidi controls. */
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Every provider through the local server to a fake Discord: documented payloads, hostile ones, signatures. */
let relay: RelayHarness;
beforeAll(async () => {
  relay = await startRelayHarness();
});
afterAll(() => relay.close());
beforeEach(() => relay.resetDiscord());

const send = (id: string, provider: string, fixture: FixtureDelivery, headers: Record<string, string> = {}) =>
  relay.send(id, provider, fixture, { headers });
const all = providers.flatMap((provider) =>
  (fixtureDeliveries[provider.name] ?? []).map((fixture) => [provider.name, fixture.event, provider, fixture] as const),
);
/** Fixtures of events with nothing to tell (ping-like): `expected` says why they are ignored. */
const isIgnored = (fixture: FixtureDelivery) => fixture.expected !== undefined && 'ignored' in fixture.expected;
const cases = all.filter(([, , , fixture]) => !isIgnored(fixture));
const ignoredCases = all.filter(([, , , fixture]) => isIgnored(fixture));
/**
 * The first fixture of each rendered (provider, event, action): hostile text goes through each
 * renderer's branch once, not once per real payload of the same branch.
 */
const branches = new Set<string>();
const branchCases = cases.filter(([name, event, provider, fixture]) => {
  const outcome = provider.read(toProviderDelivery(fixture));
  const branch = `${name} ${event} ${outcome.kind === 'message' ? (outcome.action ?? '') : ''}`;
  return !branches.has(branch) && Boolean(branches.add(branch));
});

/** Poisoned bodies stay below the relay's 1 MB limit: past this many bytes, strings are left as they were. */
const POISON_BUDGET = 900_000;

/**
 * The payload with hostile text added to as many string values as the provider still renders as
 * the same event (within POISON_BUDGET). First every string gets the first of `poisons`, checked
 * once; where that changes the outcome, each string is changed in turn and kept changed when the
 * outcome holds, else the next of `poisons` is tried (an id may refuse control characters).
 */
function poisoned(provider: Provider, fixture: FixtureDelivery, ...poisons: ((original: string) => string)[]): string {
  const codec = codecOf(fixture);
  const same = (payload: Record<string, unknown>) => {
    try {
      const outcome = provider.read({ ...toProviderDelivery(fixture), body: codec.encode(payload) });
      return outcome.kind === 'message' && outcome.event === fixture.event;
    } catch {
      return false;
    }
  };
  // Bytes a value adds to the encoded body, without encoding the whole payload again.
  const bytes = (value: string) => Buffer.byteLength(codec.encode({ v: value }));
  const poison = (
    choose: (
      root: Record<string, unknown>,
      node: Record<string, unknown>,
      key: string,
      value: string,
      size: number,
    ) => number,
  ) => {
    const payload = codec.decode(fixture.body);
    let size = Buffer.byteLength(fixture.body);
    const visit = (node: unknown) => {
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string') size = choose(payload, node as Record<string, unknown>, key, value, size);
        else visit(value);
      }
    };
    visit(payload);
    return payload;
  };
  const first = poisons[0] ?? ((text: string) => text);
  const all = poison((_root, node, key, value, size) => {
    const grown = size + bytes(first(value)) - bytes(value);
    if (grown > POISON_BUDGET) return size;
    node[key] = first(value);
    return grown;
  });
  if (same(all)) return codec.encode(all);
  const payload = poison((root, node, key, value, size) => {
    for (const next of poisons) {
      const grown = size + bytes(next(value)) - bytes(value);
      if (grown > POISON_BUDGET) continue;
      node[key] = next(value);
      if (same(root)) return grown;
      node[key] = value;
    }
    return size;
  });
  return codec.encode(payload);
}

test('every provider in the registry has documented fixtures, and every rendered event is covered', () => {
  for (const provider of providers) {
    // A fixture of an event without a renderer of its own covers "every other event".
    const covered = new Set(
      (fixtureDeliveries[provider.name] ?? []).map((fixture) =>
        provider.events.includes(fixture.event) ? fixture.event : EVERY_OTHER_EVENT,
      ),
    );
    expect([...provider.events].filter((event) => !covered.has(event))).toEqual([]);
  }
});

// A suite with none would fail (jest refuses an empty table): the
// list is never empty while GitHub has fixtures of events it ignores.
test.each(ignoredCases)(
  '%s %s, an event with nothing to tell, is answered 200 "ignored" and posts nothing',
  async (name, event, _provider, fixture) => {
    expectAnswer(
      await send(relay.hookId(), name, fixture),
      200,
      new RegExp(`^ignored: ${event.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    expect(relay.discord.posted()).toHaveLength(0);
  },
);

describe.each(cases)('%s %s', (name, event, _provider, fixture) => {
  test('the documented payload is forwarded within every Discord limit', async () => {
    expectAnswer(
      await send(relay.hookId(), name, fixture),
      200,
      new RegExp(`^forwarded: ${event.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    const [posted] = relay.discord.posted();
    expectWithinDiscordLimits(posted?.body);
  });
});

describe.each(branchCases)('%s %s, hostile', (name, _event, provider, fixture) => {
  test('mentions, markdown and invisible controls in a payload cannot ping, restyle or reorder', async () => {
    const hostile = (text: string) =>
      `${text} @everyone @here <@&111111111111111111> <@222222222222222222> **bold** [x](https://evil.example) ` +
      `__u__ ${HOSTILE_TITLE}`;
    const body = poisoned(provider, fixture, hostile, (text) => hostile(text).replace(/[^ -~]/g, ''));
    expectAnswer(await send(relay.hookId(), name, { ...fixture, body }), 200, /^forwarded: /);
    const message = relay.discord.posted()[0]?.body as DiscordMessage;
    expectWithinDiscordLimits(message);
    // The hostile text did reach the message (so the checks below
    // mean something; an action put in words is lower case) ...
    expect(JSON.stringify(message)).toContain('@everyone');
    expect(JSON.stringify(message)).toMatch(/pwn/i);
    for (const embed of message.embeds ?? []) {
      // ... in rendered text (descriptions, field values; inline code is literal) no markdown survives unescaped ...
      for (const text of [embed.description ?? '', ...(embed.fields ?? []).map((f) => f.value)]) {
        const outsideCode = text.replace(/`[^`]*`/g, '').replace(/\]\([^()\s]*\)/g, '](link)');
        expect(outsideCode).not.toMatch(/(^|[^\\])\*\*(bold|Pwn)/);
        expect(outsideCode).not.toContain('[x](https://evil.example)');
        expect(text).not.toMatch(INVISIBLE);
      }
      // ... titles and field names are one line with every markdown character escaped ...
      for (const line of [embed.title ?? '', ...(embed.fields ?? []).map((f) => f.name)]) {
        expect(line).not.toMatch(/[\n\r]/);
        expect(line).not.toMatch(INVISIBLE);
        expect(line.replace(/\\[\s\S]/g, '')).not.toMatch(/[*_~|`>#\-[\]()\\]/);
      }
      // ... and author names and footers, which Discord shows literally, are one visible line.
      for (const line of [embed.author?.name ?? '', embed.footer?.text ?? ''])
        expect(line).not.toMatch(new RegExp(`[\\n\\r]|${INVISIBLE.source}`));
    }
  });

  test('huge strings are cut to the limits, never refused by Discord', async () => {
    // 4,400 UTF-16 units a string: past every one of Discord's limits on one text (description 4,096).
    const body = poisoned(provider, fixture, (text) => `${text}${'Ω🙂x'.repeat(1_100)}`);
    expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
    expectAnswer(await send(relay.hookId(), name, { ...fixture, body }), 200, /^forwarded: /);
    expectWithinDiscordLimits(relay.discord.posted()[0]?.body);
  });
});

describe.each(providers.map((provider) => [provider.name, provider] as const))(
  '%s: hostile bodies',
  (name, provider) => {
    const fixture = (fixtureDeliveries[name] ?? [])[0] as FixtureDelivery;
    const codec = codecOf(fixture);
    const allLeaves = (node: unknown, to: unknown): unknown =>
      Array.isArray(node)
        ? node.map((child) => allLeaves(child, to))
        : node !== null && typeof node === 'object'
          ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, allLeaves(v, to)]))
          : to;

    test.each<[string, () => string | Uint8Array<ArrayBuffer>]>([
      ['deep nesting', () => `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
      [
        'deep nesting inside the payload',
        () =>
          codec.carry(
            JSON.stringify({ ...codec.decode(fixture.body), extra: 0 }).replace(
              '"extra":0',
              `"extra":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
            ),
          ),
      ],
      ['unclosed nesting', () => '{"a":'.repeat(100_000)],
      ['one huge string', () => JSON.stringify('x'.repeat(1_000_000))],
      ['every value a number', () => codec.encode(allLeaves(codec.decode(fixture.body), 1) as Record<string, unknown>)],
      ['every value null', () => codec.encode(allLeaves(codec.decode(fixture.body), null) as Record<string, unknown>)],
      ['an array instead of an object', () => '[1,2,3]'],
      ['JSON null', () => 'null'],
      ['an empty body', () => ''],
      ['invalid UTF-8', () => new Uint8Array([...Buffer.from('{"a":"'), 0xff, 0xfe, 0xc3, ...Buffer.from('"}')])],
      ['a NUL byte', () => fixture.body.replace('{', '{"nul":"\u0000",')],
    ])('%s -> an answer below 500, never a forwarded mess', async (_case, body) => {
      const reply = await relay.deliver(relay.hookId(), name, fixture.headers, body());
      expect(reply.status).toBeLessThan(500);
      expect(Object.keys(reply.json).every((key) => key === 'message' || key === 'code')).toBe(true);
      if (reply.status >= 400) expect(reply.status).toBe(reply.json.code === 'PAYLOAD_TOO_LARGE' ? 413 : 400);
      for (const { body: message } of relay.discord.posted()) expectWithinDiscordLimits(message);
      void provider;
    });
  },
);

/**
 * Signs a delivery the way `provider` documents it, with `secret`, as sent to `url` now (or at
 * `at`): written here from the schemes' documentation, apart from the code that verifies them.
 */
function signed(
  provider: Provider,
  fixture: FixtureDelivery,
  secret: string,
  url: string,
  at = new Date(),
): Record<string, string> {
  const scheme = provider.signature;
  if (!scheme) return {};
  if (scheme.kind === 'token') return { [scheme.header]: secret };
  const hmac = (text: string) =>
    `${scheme.prefix ?? ''}${createHmac(scheme.algorithm, secret).update(text).digest(scheme.encoding)}`;
  const signs = scheme.signs;
  if (!signs) return { [scheme.header]: hmac(fixture.body) };
  if ('url' in signs)
    return { [scheme.header]: hmac(signs.url === 'before body' ? `${url}${fixture.body}` : `${fixture.body}${url}`) };
  const from = signs.timestamp;
  if ('key' in from) {
    const time = String(Math.floor(at.getTime() / 1000));
    return { [scheme.header]: `${from.key}=${time},${hmac(`${time}${signs.separator}${fixture.body}`)}` };
  }
  const time = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { [from.header]: time, [scheme.header]: hmac(`${time}${signs.separator}${fixture.body}`) };
}

describe.each(providers.filter((provider) => provider.signature).map((provider) => [provider.name, provider] as const))(
  '%s: signatures',
  (name, provider) => {
    test('with a registered secret, only deliveries signed with it are forwarded', async () => {
      const fixture = (fixtureDeliveries[name] ?? [])[0] as FixtureDelivery;
      const id = relay.hookId();
      expect((await relay.putSecrets(id, { [name]: 'shared secret 123' })).status).toBe(200);
      expectAnswer(await send(id, name, fixture), 401, /Missing the .* header/, 'UNAUTHORIZED');
      const url = relay.relayUrl(id, name);
      expectAnswer(
        await send(id, name, fixture, signed(provider, fixture, 'wrong secret', url)),
        401,
        /does not match/,
        'UNAUTHORIZED',
      );
      if (provider.signature?.kind === 'hmac' && provider.signature.signs && 'url' in provider.signature.signs) {
        // Signed for another address (as for another relay URL): refused.
        expectAnswer(
          await send(id, name, fixture, signed(provider, fixture, 'shared secret 123', `${url}/elsewhere`)),
          401,
          /does not match/,
          'UNAUTHORIZED',
        );
      }
      const signs = provider.signature?.kind === 'hmac' ? provider.signature.signs : undefined;
      if (signs && 'timestamp' in signs) {
        // A captured delivery sent again later: refused as stale. Every timestamped scheme has a tolerance.
        expect(signs.toleranceSeconds).toEqual(expect.any(Number));
        const later = new Date(Date.now() - ((signs.toleranceSeconds ?? 0) + 60) * 1000);
        expectAnswer(
          await send(id, name, fixture, signed(provider, fixture, 'shared secret 123', url, later)),
          401,
          /too old/,
          'UNAUTHORIZED',
        );
      }
      expect(relay.discord.posted()).toHaveLength(0);
      expectAnswer(
        await send(id, name, fixture, signed(provider, fixture, 'shared secret 123', url)),
        200,
        /^forwarded: /,
      );
      expect(relay.discord.posted()).toHaveLength(1);
    });
  },
);

test('a provider that cannot sign takes no secret', async () => {
  const unsigned = providers.filter((provider) => !provider.signature).map((provider) => provider.name);
  expect(unsigned).toContain('dockerhub');
  const reply = await relay.putSecrets(relay.hookId(), { dockerhub: 'x' });
  expect(reply.status).toBe(400);
  expect(reply.json.error.message).toMatch(/^body\.secrets\.dockerhub Docker Hub does not sign its deliveries/);
});
