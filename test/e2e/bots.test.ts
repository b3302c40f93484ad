import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { LocalServer } from '../../infra/local/server';
import { expectErrorEnvelope } from '../support/envelope';
import { BOT_FIELDS, botFieldNames, summaryFieldNames } from '../../shared/bots/fields';
import { call, startTestApi, type Reply } from '../support/localApi';
import { routeList } from '../../shared/routes/table';
import { startFakeDiscordOAuth, type FakeDiscordOAuth } from '../support/fakeDiscordOAuth';
import { TRICKY_NAMES } from '../support/trickyBotNames';

/** The bot endpoints end to end: two real keys, the local server and its dynalite. */
const OWNER = 'bots-owner-key-0123456';
const OTHER = 'bots-other-key-0123456';
const WINDOW_SECONDS = 1;
let api: LocalServer;
let discord: FakeDiscordOAuth;

beforeAll(async () => {
  process.env.RATE_LIMIT_PER_MINUTE = '1000';
  process.env.BOT_VERIFICATIONS_PER_MINUTE = '1000';
  process.env.BOT_ONLINE_WINDOW_SECONDS = String(WINDOW_SECONDS);
  discord = await startFakeDiscordOAuth();
  api = await startTestApi({ localApiKey: `${OWNER},${OTHER}`, discordApiBase: discord.apiBase });
});
afterAll(async () => {
  await api.close();
  await discord.close();
  delete process.env.BOT_VERIFICATIONS_PER_MINUTE;
});

let next = 0;
const newId = () => String(200000000000000000n + BigInt(++next));
const json = (key: string, method: string, path: string, body?: unknown) =>
  call(`${api.url}${path}`, {
    key,
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const register = (key: string, clientId: string, body: unknown = { name: `Bot ${clientId.slice(-3)}` }) =>
  json(key, 'PUT', `/v1/bots/${clientId}`, body);
/** The bot's token, as its application's owner has it (the fake Discord knows it from now on). */
const tokenOf = (clientId: string, name = `App ${clientId.slice(-3)}`, description?: string) =>
  discord.addApplication({ id: clientId, name, ...(description ? { description } : {}) });
const verify = (key: string, clientId: string, botToken = tokenOf(clientId)) =>
  json(key, 'POST', `/v1/bots/${clientId}/verify`, { botToken });
/** Registered and verified: public ones are listed. */
async function registerListed(key: string, clientId: string, body?: unknown): Promise<Reply> {
  const reply = await register(key, clientId, body);
  expect((await verify(key, clientId)).status).toBe(200);
  return reply;
}

function expectData(reply: Reply, status = 200) {
  expect(reply.status).toBe(status);
  expect(reply.json).toMatchObject({
    success: true,
    meta: { requestId: expect.any(String), generatedAt: expect.any(String) },
  });
  return reply.json.data;
}

/** Status and error, the client id in the message made generic: an unknown id's answer compares equal. */
const answer = (reply: Reply, clientId: string) => ({
  status: reply.status,
  error: { ...reply.json.error, message: reply.json.error.message.replace(clientId, 'ID') },
});
/**
 * Another key's writes: a bot it may not read answers them as an unknown id does
 * (a registration, which would create an unknown id, says how to claim it).
 */
const OTHERS_WRITES: [string, string, unknown][] = [
  ['PUT', '', { name: 'Taken over' }],
  ['POST', '/stats', { guilds: 1 }],
  ['PUT', '/commands', { commands: [] }],
  ['DELETE', '', undefined],
];
async function expectWritesAsAbsent(clientId: string) {
  for (const [method, suffix, body] of OTHERS_WRITES) {
    const reply = await json(OTHER, method, `/v1/bots/${clientId}${suffix}`, body);
    expectErrorEnvelope(reply, 404, 'NOT_FOUND');
    // The document says so for each of these routes.
    const route = routeList.find((r) => r.method === method && r.path === `/v1/bots/{clientId}${suffix}`);
    expect([method, suffix, route?.errors]).toEqual([method, suffix, expect.arrayContaining(['NOT_FOUND'])]);
    const registering = method === 'PUT' && suffix === '';
    if (registering)
      expect(reply.json.error.message).toBe(
        `No bot ${clientId} of this account to replace; if the application is yours, prove it with its bot ` +
          `token (POST /v1/bots/${clientId}/verify) to claim it`,
      );
    else {
      // Word for word the answer about a bot that does not exist.
      const absent = newId();
      expect(answer(reply, clientId)).toEqual(
        answer(await json(OTHER, method, `/v1/bots/${absent}${suffix}`, body), absent),
      );
    }
  }
}

describe('register and ownership', () => {
  test('the first key to register owns the bot; another key gets 404 until it is verified, then 403', async () => {
    const clientId = newId();
    const created = expectData(
      await register(OWNER, clientId, { name: 'Melody', tags: ['Music', 'music'], description: 'Plays songs' }),
      201,
    );
    expect(created).toMatchObject({
      clientId,
      name: 'Melody',
      tags: ['music'],
      public: true,
      owned: true,
      online: false,
      stats: null,
    });
    expect(expectData(await register(OWNER, clientId, { name: 'Melody 2' }))).toMatchObject({
      name: 'Melody 2',
      description: null,
      owned: true,
    });
    // Unverified: as absent to others (see 'unverified claims').
    expectErrorEnvelope(await register(OTHER, clientId, { name: 'Mine now' }), 404, 'NOT_FOUND');
    // Verified, so other accounts read it too, and are refused its writes.
    expect((await verify(OWNER, clientId)).status).toBe(200);
    expectErrorEnvelope(await register(OTHER, clientId, { name: 'Mine now' }), 403, 'FORBIDDEN');
    expect(expectData(await json(OTHER, 'GET', `/v1/bots/${clientId}`))).toMatchObject({
      name: 'Melody 2',
      owned: false,
    });
  });

  test('two keys racing to register one bot: one 201, the other 404 (the claim is unverified)', async () => {
    const clientId = newId();
    const replies = await Promise.all([register(OWNER, clientId), register(OTHER, clientId)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 404]);
  });
});

describe('proof of control (the bot token, asked of Discord once)', () => {
  const listedIds = async () =>
    (expectData(await json(OTHER, 'GET', '/v1/bots?limit=100')).bots as { clientId: string }[]).map(
      (bot) => bot.clientId,
    );

  test('a registration is unverified and not listed until its owner shows Discord the bot token', async () => {
    const clientId = newId();
    expect(expectData(await register(OWNER, clientId, { name: 'Claimed' }), 201)).toMatchObject({
      verified: false,
      public: true,
    });
    expect(await listedIds()).not.toContain(clientId);
    // Read by id by its owner only (see 'unverified claims').
    expect(expectData(await json(OWNER, 'GET', `/v1/bots/${clientId}`))).toMatchObject({
      name: 'Claimed',
      verified: false,
    });
    const botToken = tokenOf(clientId);
    const verified = await verify(OWNER, clientId, botToken);
    // The owner's profile stays as they wrote it, now verified; the token is in no answer.
    expect(expectData(verified)).toMatchObject({ clientId, name: 'Claimed', verified: true, owned: true });
    expect(verified.text).not.toContain(botToken);
    expect(await listedIds()).toContain(clientId);
    expect(discord.seen.filter((request) => request.path === '/api/applications/@me').at(-1)?.authorization).toBe(
      `Bot ${botToken}`,
    );
    // Verifying again changes nothing.
    expect(expectData(await verify(OWNER, clientId, botToken))).toMatchObject({ verified: true });
  });

  test("a verified claim takes over another account's unverified one, which loses its records", async () => {
    const clientId = newId();
    await register(OWNER, clientId, { name: 'Famous bot', inviteUrl: 'https://evil.example/invite' });
    expect((await json(OWNER, 'POST', `/v1/bots/${clientId}/stats`, { guilds: 5 })).status).toBe(200);
    expect(
      (await json(OWNER, 'PUT', `/v1/bots/${clientId}/commands`, { commands: [{ name: 'fake', description: 'Fake' }] }))
        .status,
    ).toBe(200);
    const taken = expectData(await verify(OTHER, clientId, tokenOf(clientId, 'The Real One', 'The real bot')), 201);
    expect(taken).toMatchObject({
      name: 'The Real One',
      description: 'The real bot',
      inviteUrl: null,
      verified: true,
      owned: true,
      stats: null,
      guilds: null,
    });
    expect(expectData(await json(OTHER, 'GET', `/v1/bots/${clientId}/commands`))).toMatchObject({
      total: 0,
      categories: [],
    });
    expectErrorEnvelope(await register(OWNER, clientId, { name: 'Mine again' }), 403, 'FORBIDDEN');
    expect(await listedIds()).toContain(clientId);
  });

  test("another account's verified claim stays; an unregistered bot is made from Discord's name", async () => {
    const clientId = newId();
    expect(
      expectData(await verify(OWNER, clientId, tokenOf(clientId, 'From Discord', 'Its description')), 201),
    ).toMatchObject({ name: 'From Discord', description: 'Its description', verified: true, public: true });
    const refused = await verify(OTHER, clientId, tokenOf(clientId));
    expectErrorEnvelope(refused, 403, 'FORBIDDEN');
    expect(refused.json.error.message).toMatch(/verified by another account/);
    expect(expectData(await json(OWNER, 'GET', `/v1/bots/${clientId}`))).toMatchObject({
      owned: true,
      name: 'From Discord',
    });
  });

  test('a refused or foreign token proves nothing; a malformed one never reaches Discord', async () => {
    const clientId = newId();
    await register(OWNER, clientId, { name: 'Unproven' });
    const other = newId();
    const wrongApp = await verify(OTHER, clientId, tokenOf(other));
    expectErrorEnvelope(wrongApp, 403, 'FORBIDDEN');
    expect(wrongApp.json.error.message).toContain(other);
    const unknown = `${Buffer.from(clientId).toString('base64url')}.AAAAAA.${'x'.repeat(38)}`;
    expectErrorEnvelope(await verify(OTHER, clientId, unknown), 403, 'FORBIDDEN');
    const asked = discord.seen.length;
    for (const botToken of ['', 'not a token', 'a.b.c', `${'x'.repeat(30)}.${'y'.repeat(6)}.${'z'.repeat(30)}\n`]) {
      const reply = await verify(OTHER, clientId, botToken);
      expectErrorEnvelope(reply, 400, 'INVALID_BODY');
      expect(reply.text).not.toContain('not a token');
    }
    expectErrorEnvelope(
      await json(OTHER, 'POST', `/v1/bots/${clientId}/verify`, { botToken: tokenOf(clientId), extra: 1 }),
      400,
      'INVALID_BODY',
    );
    expect(discord.seen.length).toBe(asked);
    expect(expectData(await json(OWNER, 'GET', `/v1/bots/${clientId}`))).toMatchObject({
      owned: true,
      verified: false,
    });
  });
});

describe('the optional fields (shared/bots/fields.ts)', () => {
  // A value each field accepts, by its kind: a field added to the table is covered here as it is.
  const sampleOf = (name: (typeof botFieldNames)[number]) =>
    BOT_FIELDS[name].kind === 'url' ? `https://example.com/${name}` : `Some ${name}`;
  const all = Object.fromEntries(botFieldNames.map((name) => [name, sampleOf(name)]));

  test('each is stored, shown and listed if a summary one; an update without it removes it', async () => {
    const clientId = newId();
    const name = `Fields ${clientId}`;
    expect(expectData(await registerListed(OWNER, clientId, { name, ...all }), 201)).toMatchObject(all);
    expect(expectData(await json(OTHER, 'GET', `/v1/bots/${clientId}`))).toMatchObject(all);
    const listed = (expectData(await json(OTHER, 'GET', `/v1/bots?limit=100`)).bots as { clientId: string }[]).find(
      (bot) => bot.clientId === clientId,
    );
    expect(listed).toEqual(
      expect.objectContaining(Object.fromEntries(summaryFieldNames.map((field) => [field, all[field]]))),
    );
    for (const field of botFieldNames)
      if (!summaryFieldNames.includes(field as never)) expect(listed).not.toHaveProperty(field);
    expect(expectData(await register(OWNER, clientId, { name }))).toMatchObject(
      Object.fromEntries(botFieldNames.map((field) => [field, null])),
    );
  });

  test('each is refused when it breaks its rule', async () => {
    for (const field of botFieldNames) {
      const rule = BOT_FIELDS[field];
      const bad = rule.kind === 'url' ? 'ftp://example.com/x' : 'x'.repeat(rule.max + 1);
      const reply = await register(OWNER, newId(), { name: 'Rules', [field]: bad });
      expectErrorEnvelope(reply, 400, 'INVALID_BODY');
      expect(JSON.stringify(reply.json)).toContain(field);
    }
  });
});

describe('listing', () => {
  test('cursor pagination walks every public bot exactly once; private bots are not listed', async () => {
    const publicIds: string[] = [];
    for (let n = 0; n < 11; n += 1) {
      const clientId = newId();
      expect(
        (
          await registerListed(n % 2 ? OTHER : OWNER, clientId, {
            name: `Page ${n}`,
            public: n !== 3,
            tags: ['paging'],
          })
        ).status,
      ).toBe(201);
      if (n !== 3) publicIds.push(clientId);
    }
    for (const sort of ['name', 'guilds']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ limit: '3', tag: 'paging', sort, ...(cursor ? { cursor } : {}) });
        const page = expectData(await json(OWNER, 'GET', `/v1/bots?${query}`));
        expect(page.bots.length).toBeLessThanOrEqual(3);
        seen.push(...page.bots.map((bot: { clientId: string }) => bot.clientId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.length).toBe(new Set(seen).size);
      expect([...seen].sort()).toEqual([...publicIds].sort());
    }
  });

  test('without a tag, pages of 3 walk every public bot exactly once, as one page of 100 lists them', async () => {
    const mine: string[] = [];
    const hidden = newId();
    await registerListed(OTHER, hidden, { name: 'Untagged private', public: false });
    for (let n = 0; n < 7; n += 1) {
      const clientId = newId();
      await registerListed(n % 2 ? OTHER : OWNER, clientId, { name: `Untagged ${n}` });
      mine.push(clientId);
    }
    const ids = (page: { bots: { clientId: string }[] }) => page.bots.map((bot) => bot.clientId);
    for (const sort of ['name', 'guilds']) {
      const whole = expectData(await json(OTHER, 'GET', `/v1/bots?limit=100&sort=${sort}`));
      expect(whole.nextCursor).toBeNull();
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = expectData(
          await json(
            OTHER,
            'GET',
            `/v1/bots?${new URLSearchParams({ limit: '3', sort, ...(cursor ? { cursor } : {}) })}`,
          ),
        );
        expect(page.bots.length).toBeLessThanOrEqual(3);
        seen.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(ids(whole));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expect.arrayContaining(mine));
      expect(seen).not.toContain(hidden);
    }
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['sort=age', 'sort'],
    ['tag=Not%20A%20Tag', 'tag'],
    ['cursor=not-a-cursor', 'cursor'],
  ])('%s -> 400 naming %s', async (query, field) => {
    const reply = await json(OWNER, 'GET', `/v1/bots?${query}`);
    expectErrorEnvelope(reply, 400, 'INVALID_PARAMETER');
    expect(reply.json.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  test('a cursor from another sort is refused, not misread', async () => {
    const first = expectData(await json(OWNER, 'GET', '/v1/bots?limit=1&sort=name'));
    expect(first.nextCursor).toEqual(expect.any(String));
    const reply = await json(OWNER, 'GET', `/v1/bots?limit=1&sort=guilds&cursor=${first.nextCursor}`);
    expectErrorEnvelope(reply, 400, 'INVALID_PARAMETER');
    expect(reply.json.error.message).toMatch(/different sort or tag/);
  });

  test('by name, pages of 2 sort as people do: "ab" before "ab c" and "ab!", case aside, emoji last', async () => {
    // Client ids in the listing's order (they break the tie of "ab" and "Ab"), registered the other way round.
    const ids = TRICKY_NAMES.map(() => newId());
    for (const [n, name] of [...TRICKY_NAMES.entries()].reverse())
      await registerListed(n % 2 ? OTHER : OWNER, ids[n] as string, { name, tags: ['tricky-names'] });
    const byName = { limit: '2', sort: 'name', tag: 'tricky-names' };
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page = expectData(
        await json(OWNER, 'GET', `/v1/bots?${new URLSearchParams({ ...byName, ...(cursor ? { cursor } : {}) })}`),
      );
      names.push(...page.bots.map((bot: { name: string }) => bot.name));
      cursor = page.nextCursor;
    } while (cursor && names.length <= TRICKY_NAMES.length);
    expect(names).toEqual(TRICKY_NAMES);
  });

  test('a name cursor from before hex keys -> 400 to start again; an old guilds cursor still pages', async () => {
    const clientId = newId();
    await registerListed(OWNER, clientId, { name: 'ab c' });
    const place = { pk: `BOT#${clientId}`, sk: 'PROFILE' };
    // As earlier versions wrote them: no layout version, the plain name in the key.
    const old = (k: Record<string, string>, s: string) =>
      Buffer.from(JSON.stringify({ k, s, t: null })).toString('base64url');
    const byName = await json(
      OWNER,
      'GET',
      `/v1/bots?sort=name&cursor=${old({ ...place, gsi1pk: 'BOTS', gsi1sk: `ab c#${clientId}` }, 'name')}`,
    );
    expectErrorEnvelope(byName, 400, 'INVALID_PARAMETER');
    expect(byName.json.error.details).toEqual([
      { field: 'cursor', issue: 'is from an earlier order by name; list again from the first page' },
    ]);
    expect(
      expectData(
        await json(
          OWNER,
          'GET',
          '/v1/bots?sort=guilds&cursor=' +
            `${old({ ...place, gsi2pk: 'BOTS', gsi2sk: `1000000000000000#${clientId}` }, 'guilds')}`,
        ),
      ).bots,
    ).toEqual(expect.any(Array));
  });
});

describe('private bots', () => {
  test('are 404 to other keys on every read, visible to their owner', async () => {
    const clientId = newId();
    await register(OWNER, clientId, { name: 'Secret', public: false });
    for (const suffix of ['', '/commands', '/stats', '/status']) {
      expectErrorEnvelope(await json(OTHER, 'GET', `/v1/bots/${clientId}${suffix}`), 404, 'NOT_FOUND');
      expect((await json(OWNER, 'GET', `/v1/bots/${clientId}${suffix}`)).status).toBe(200);
    }
  });

  test('are 404 to other keys on every write too (a 403 would tell them it exists), and stay unchanged', async () => {
    const clientId = newId();
    await register(OWNER, clientId, { name: 'Secret', public: false });
    await expectWritesAsAbsent(clientId);
    expect(expectData(await json(OWNER, 'GET', `/v1/bots/${clientId}`))).toMatchObject({
      name: 'Secret',
      public: false,
    });
  });
});

describe('unverified claims (anyone may register any client id)', () => {
  const READS = ['', '/commands', '/stats', '/status'];

  test('are 404 to other accounts on every read, as an unknown id is; their owner reads them', async () => {
    const clientId = newId();
    await register(OWNER, clientId, { name: 'Impersonator', description: 'Not really this bot' });
    expect((await json(OWNER, 'POST', `/v1/bots/${clientId}/stats`, { guilds: 5 })).status).toBe(200);
    expect(
      (await json(OWNER, 'PUT', `/v1/bots/${clientId}/commands`, { commands: [{ name: 'fake', description: 'Fake' }] }))
        .status,
    ).toBe(200);
    for (const suffix of READS) {
      const reply = await json(OTHER, 'GET', `/v1/bots/${clientId}${suffix}`);
      expectErrorEnvelope(reply, 404, 'NOT_FOUND');
      expect(reply.text).not.toMatch(/Impersonator|fake/);
      const unknown = newId();
      expect(answer(reply, clientId)).toEqual(
        answer(await json(OTHER, 'GET', `/v1/bots/${unknown}${suffix}`), unknown),
      );
      expect(expectData(await json(OWNER, 'GET', `/v1/bots/${clientId}${suffix}`))).toMatchObject({ clientId });
    }
    expect(expectData(await json(OWNER, 'GET', `/v1/bots/${clientId}`))).toMatchObject({
      name: 'Impersonator',
      verified: false,
      owned: true,
    });
  });

  test('are 404 to other accounts on every write, as an unknown id is; the claim stays', async () => {
    const clientId = newId();
    await register(OWNER, clientId, { name: 'Claimed' });
    await expectWritesAsAbsent(clientId);
    expect(expectData(await json(OWNER, 'GET', `/v1/bots/${clientId}`))).toMatchObject({
      name: 'Claimed',
      verified: false,
      owned: true,
    });
    // The way in is the proof: the token's holder takes the claim over.
    expect(expectData(await verify(OTHER, clientId), 201)).toMatchObject({ owned: true, verified: true });
  });

  test('once verified, every account reads them; a private one stays 404 to others', async () => {
    const [listed, hidden] = [newId(), newId()];
    await register(OWNER, listed, { name: 'Listed' });
    await register(OWNER, hidden, { name: 'Hidden', public: false });
    expectErrorEnvelope(await json(OTHER, 'GET', `/v1/bots/${listed}`), 404, 'NOT_FOUND');
    for (const clientId of [listed, hidden]) expect((await verify(OWNER, clientId)).status).toBe(200);
    for (const suffix of READS) {
      expect(expectData(await json(OTHER, 'GET', `/v1/bots/${listed}${suffix}`))).toMatchObject({ clientId: listed });
      expectErrorEnvelope(await json(OTHER, 'GET', `/v1/bots/${hidden}${suffix}`), 404, 'NOT_FOUND');
      expect(expectData(await json(OWNER, 'GET', `/v1/bots/${hidden}${suffix}`))).toMatchObject({ clientId: hidden });
    }
    expect(expectData(await json(OTHER, 'GET', `/v1/bots/${listed}`))).toMatchObject({
      name: 'Listed',
      verified: true,
      owned: false,
    });
  });
});

describe('heartbeats, status, stats and commands', () => {
  test('a heartbeat makes the bot online; the status flips to offline after the window', async () => {
    const clientId = newId();
    await registerListed(OWNER, clientId);
    expect(expectData(await json(OWNER, 'GET', `/v1/bots/${clientId}/status`))).toMatchObject({
      online: false,
      lastSeen: null,
      uptimePercent: null,
    });
    expect(
      expectData(await json(OWNER, 'POST', `/v1/bots/${clientId}/stats`, { guilds: 12, users: 3400, ping: 42.5 })),
    ).toMatchObject({ online: true, stats: { guilds: 12 } });
    const online = expectData(await json(OTHER, 'GET', `/v1/bots/${clientId}/status`));
    expect(online).toMatchObject({
      online: true,
      lastSeen: expect.any(String),
      uptimePercent: 100,
      onlineWindowSeconds: WINDOW_SECONDS,
    });
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 300));
    expect(expectData(await json(OTHER, 'GET', `/v1/bots/${clientId}/status`))).toMatchObject({
      online: false,
      lastSeen: online.lastSeen,
    });
    const stats = expectData(await json(OTHER, 'GET', `/v1/bots/${clientId}/stats`));
    expect(stats).toMatchObject({
      latest: { guilds: 12, users: 3400, ping: 42.5 },
      history: [{ beats: 1, guilds: 12 }],
    });
  });

  test('only the owner sends heartbeats and commands; commands come back grouped by category', async () => {
    const clientId = newId();
    await registerListed(OWNER, clientId);
    expectErrorEnvelope(await json(OTHER, 'POST', `/v1/bots/${clientId}/stats`, { guilds: 1 }), 403, 'FORBIDDEN');
    expectErrorEnvelope(await json(OTHER, 'PUT', `/v1/bots/${clientId}/commands`, { commands: [] }), 403, 'FORBIDDEN');
    const commands = [
      {
        name: 'play',
        description: 'Play a song',
        category: 'music',
        usage: '/play <url>',
        options: [{ name: 'url', required: true }],
      },
      { name: 'skip', description: 'Skip', category: 'music' },
      { name: 'help', description: 'Help' },
    ];
    expect((await json(OWNER, 'PUT', `/v1/bots/${clientId}/commands`, { commands })).status).toBe(200);
    expect(expectData(await json(OTHER, 'GET', `/v1/bots/${clientId}/commands`))).toMatchObject({
      total: 3,
      categories: [
        { name: 'general', count: 1, commands: [{ name: 'help' }] },
        { name: 'music', count: 2, commands: [{ name: 'play' }, { name: 'skip' }] },
      ],
    });
  });

  test('delete: others 403; the owner removes the bot and everything about it', async () => {
    const clientId = newId();
    await registerListed(OWNER, clientId);
    await json(OWNER, 'POST', `/v1/bots/${clientId}/stats`, { guilds: 1 });
    expectErrorEnvelope(await json(OTHER, 'DELETE', `/v1/bots/${clientId}`), 403, 'FORBIDDEN');
    expect(expectData(await json(OWNER, 'DELETE', `/v1/bots/${clientId}`))).toEqual({ clientId, deleted: true });
    for (const suffix of ['', '/commands', '/stats', '/status'])
      expectErrorEnvelope(await json(OWNER, 'GET', `/v1/bots/${clientId}${suffix}`), 404, 'NOT_FOUND');
    expectErrorEnvelope(await json(OWNER, 'POST', `/v1/bots/${clientId}/stats`, { guilds: 1 }), 404, 'NOT_FOUND');
  });
});

describe('bad input', () => {
  test.each([
    '123',
    'abc',
    '1234567890123456789012',
    '12345678901234567x',
    '012345678901234567',
    '18446744073709551616',
  ])('client id %j -> 400 naming clientId', async (clientId) => {
    const reply = await json(OWNER, 'GET', `/v1/bots/${clientId}`);
    expectErrorEnvelope(reply, 400, 'INVALID_PARAMETER');
    expect(reply.json.error.details[0].field).toBe('clientId');
  });

  test('a tiny measure is rounded, not refused by DynamoDB', async () => {
    const clientId = newId();
    await register(OWNER, clientId);
    expect(
      expectData(await json(OWNER, 'POST', `/v1/bots/${clientId}/stats`, { ping: 1e-200, memory: 12.3456789 })),
    ).toMatchObject({ stats: { ping: 0, memory: 12.345679 } });
  });

  test('a crafted cursor that points elsewhere in the table -> 400, not 503', async () => {
    const cursor = Buffer.from(
      JSON.stringify({
        k: { pk: 'KEY#x', sk: 'APIKEY', gsi1pk: 'APIKEYS', gsi1sk: 'key_1' },
        s: 'name',
        t: null,
        v: 2,
      }),
    ).toString('base64url');
    expectErrorEnvelope(await json(OWNER, 'GET', `/v1/bots?cursor=${cursor}`), 400, 'INVALID_PARAMETER');
  });

  test('an unknown bot -> 404 envelope', async () => {
    expectErrorEnvelope(await json(OWNER, 'GET', `/v1/bots/${newId()}`), 404, 'NOT_FOUND');
  });

  test.each([
    ['no name', { description: 'x' }, 'body.name'],
    ['an unknown field', { name: 'x', owner: 'me' }, 'body'],
    ['a name too long', { name: 'x'.repeat(33) }, 'body.name'],
    ['a javascript: website', { name: 'x', website: 'javascript:alert(1)' }, 'body.website'],
    ['public as a string', { name: 'x', public: 'yes' }, 'body.public'],
    ['eleven tags', { name: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'body.tags'],
    ['a tag with spaces', { name: 'x', tags: ['two words'] }, 'body.tags.0'],
  ])('registering with %s -> 400 naming the field', async (_name, body, field) => {
    const reply = await register(OWNER, newId(), body);
    expectErrorEnvelope(reply, 400, 'INVALID_BODY');
    expect(reply.json.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  test.each([
    ['negative guilds', { guilds: -1 }],
    ['fractional users', { users: 1.5 }],
    ['a string', { ping: 'fast' }],
    ['an unknown stat', { cpu: 3 }],
    ['a ping over 1e12', { ping: 1e13 }],
  ])('a heartbeat with %s -> 400', async (_name, body) => {
    const clientId = newId();
    await register(OWNER, clientId);
    expectErrorEnvelope(await json(OWNER, 'POST', `/v1/bots/${clientId}/stats`, body), 400, 'INVALID_BODY');
  });

  test('malformed JSON or no body -> 400; wrong content type -> 415; over the limit -> 413', async () => {
    const clientId = newId();
    const raw = (body: string, type = 'application/json') =>
      call(`${api.url}/v1/bots/${clientId}`, { key: OWNER, method: 'PUT', headers: { 'Content-Type': type }, body });
    expectErrorEnvelope(await raw('{"name":'), 400, 'INVALID_BODY');
    expectErrorEnvelope(await raw(''), 400, 'INVALID_BODY');
    expectErrorEnvelope(await raw('name=x', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectErrorEnvelope(
      await raw(JSON.stringify({ name: 'x', description: 'y'.repeat(9000) })),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const duplicateOptions = { commands: [{ name: 'c', description: 'd', options: [{ name: 'a' }, { name: 'A' }] }] };
    const many = { commands: Array.from({ length: 201 }, (_, i) => ({ name: `c${i}`, description: 'd' })) };
    await register(OWNER, clientId);
    expectErrorEnvelope(
      await json(OWNER, 'PUT', `/v1/bots/${clientId}/commands`, duplicateOptions),
      400,
      'INVALID_BODY',
    );
    const reply = await json(OWNER, 'PUT', `/v1/bots/${clientId}/commands`, many);
    expectErrorEnvelope(reply, 400, 'INVALID_BODY');
    expect(reply.json.error.message).toMatch(/at most 200 commands/);
  });
});
