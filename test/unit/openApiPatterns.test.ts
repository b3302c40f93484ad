import { describe, expect, test } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import type * as z from 'zod/mini';
import { openApiDocument } from '../../shared/openapi/document';
import { commandsBody, registerBotBody, verifyBotBody } from '../../shared/routes/schemas/bots';
import { imageOutputQuery } from '../../shared/routes/schemas/imageOutput';
import { newKeyBody } from '../../shared/routes/schemas/dashboard';
import { replayBody, webhookRegistrationBody, secretsBody } from '../../shared/routes/schemas/webhooks';
import { routeList } from '../../shared/routes/table';
import { groupTags } from '../../functions/groups';

/**
 * Every `pattern` of the document is portable (one meaning in ECMA-262 with or without the u flag,
 * in Python's `re` and in Go's RE2 subset), and the server accepts exactly the strings the
 * document's schema does, sample by sample.
 */
const document = openApiDocument(groupTags());
type Schema = Record<string, unknown>;

/** Every pattern in the document, with where it is. */
function patternsIn(node: unknown, at = '#'): { at: string; pattern: string }[] {
  if (node === null || typeof node !== 'object') return [];
  const here =
    typeof (node as Schema).pattern === 'string' ? [{ at, pattern: (node as Schema).pattern as string }] : [];
  return [...here, ...Object.entries(node).flatMap(([key, value]) => patternsIn(value, `${at}/${key}`))];
}
const found = patternsIn(document.paths);

/**
 * Strings near the edges of what patterns take: other scripts' digits
 * and letters, case folds, spaces, controls, astral characters.
 */
const EDGES = [
  '',
  ' ',
  '\n',
  '\t',
  '\u00a0',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\u0000',
  '\u009f',
  '\u00a0x',
  '٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨٩٠',
  '１２３',
  'Ａ',
  'ß',
  'ſ',
  'İ',
  'ı',
  '\u212a',
  '😀',
  '\ud800',
  'é',
];

/** Matching strings and near misses of each: cut, doubled, padded, recased, and with look-alikes swapped in. */
function samples(pattern: string, seed: number): string[] {
  const matching = fc.sample(fc.stringMatching(new RegExp(pattern)), { numRuns: 25, seed });
  const random = fc.sample(fc.string({ unit: 'grapheme', maxLength: 30 }), { numRuns: 25, seed });
  const near = matching.flatMap((s) => [
    s.slice(1),
    s.slice(0, -1),
    s + s,
    ` ${s}`,
    `${s} `,
    `${s}\n`,
    s.toUpperCase(),
    s.toLowerCase(),
    s.replace(/k/gi, '\u212a'),
    s.replace(/[0-9]/g, '٣'),
    s.replace(/s/gi, 'ſ'),
    `${s}\u0000`,
  ]);
  return [...new Set([...matching, ...random, ...near, ...EDGES])];
}

describe('patterns in the OpenAPI document', () => {
  test('each compiles without flags, and with the u flag means the same', () => {
    for (const { pattern } of found) {
      const plain = new RegExp(pattern);
      const unicode = new RegExp(pattern, 'u');
      for (const sample of samples(pattern, 1))
        expect([pattern, sample, unicode.test(sample)]).toEqual([pattern, sample, plain.test(sample)]);
    }
  });

  test('each stays in what RE2 and Python share: no \\p{..}, \\d, \\w, \\s, \\u, lookaround', () => {
    for (const pattern of new Set(found.map((entry) => entry.pattern))) {
      // Escapes: \xHH, control letters, or a punctuation character taken literally.
      const escapes = pattern.match(/\\(x[0-9A-Fa-f]{2}|.)/g) ?? [];
      for (const sequence of escapes)
        expect([pattern, sequence]).toEqual([
          pattern,
          expect.stringMatching(/^\\(x[0-9A-Fa-f]{2}|[tnrfv]|[\\^$.|?*+()[\]{}/-])$/),
        ]);
      // Groups: only non-capturing or plain ones.
      expect([pattern, pattern.match(/\(\?[^:]/g)]).toEqual([pattern, null]);
    }
    // The check does catch what it is about.
    expect('^[^\\p{Cc}]+$'.match(/\\(x[0-9A-Fa-f]{2}|[tnrfv]|[\\^$.|?*+()[\]{}/-])/g)).toBeNull();
  });

  test("Python's re compiles each and matches the samples as JavaScript does", () => {
    const cases = [...new Set(found.map((entry) => entry.pattern))].map((pattern, i) => ({
      pattern,
      // Python's $ also matches before a final newline (its semantics
      // for every JSON Schema pattern), so those are left out.
      samples: samples(pattern, i + 2).filter((sample) => !sample.endsWith('\n')),
    }));
    const script =
      'import json, re, sys\ncases = ' +
      'json.load(sys.stdin)\nprint(json.dumps([[bool(re.compile(c["pattern"]).search(s)) for s in ' +
      'c["samples"]] for c in cases]))';
    const python = JSON.parse(
      execFileSync('python3', ['-c', script], { input: JSON.stringify(cases), encoding: 'utf8' }),
    ) as boolean[][];
    cases.forEach(({ pattern, samples: strings }, i) => {
      const javascript = strings.map((sample) => new RegExp(pattern).test(sample));
      expect(strings.filter((_, j) => python[i]![j] !== javascript[j]).map((sample) => [pattern, sample])).toEqual([]);
    });
  });
});

/** A validator of the document's schemas as JSON Schema prescribes: patterns without flags, lengths in code points. */
const ajv = new Ajv2020({ strict: false, unicodeRegExp: false });
const documentedTakes = (schema: Schema, value: unknown) => ajv.validate(schema, value);

type Parameter = { name: string; in: string; schema: Schema };
const operations = routeList.map((route) => ({
  route,
  operation: (
    document.paths as Record<
      string,
      Record<string, { parameters: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
    >
  )[route.path]![route.method.toLowerCase()]!,
}));

/** The server's own schema of one parameter. */
function serverField(route: (typeof routeList)[number], parameter: Parameter): z.ZodMiniType {
  const objects = [route.schemas[parameter.in as 'path' | 'query'], imageOutputQuery] as (
    | z.ZodMiniObject
    | undefined
  )[];
  const field = objects.map((object) => object?.shape[parameter.name]).find(Boolean);
  if (!field) throw new Error(`no server schema for ${route.id} ${parameter.name}`);
  return field as z.ZodMiniType;
}

describe('the server accepts exactly what the document says', () => {
  const patterned = operations.flatMap(({ route, operation }) =>
    operation.parameters.filter((p) => typeof p.schema.pattern === 'string').map((parameter) => ({ route, parameter })),
  );

  test('every parameter checked by a pattern documents its pattern', () => {
    expect(new Set(patterned.map(({ parameter }) => parameter.name))).toEqual(
      new Set(['clientId', 'id', 'token', 'progressColor', 'tag', 'keyId']),
    );
  });

  test.each(patterned.map(({ route, parameter }) => [`${route.id} ${parameter.name}`, route, parameter] as const))(
    '%s',
    (_name, route, parameter) => {
      const server = serverField(route, parameter);
      for (const sample of samples(parameter.schema.pattern as string, 7)) {
        expect([sample, server.safeParse(sample).success]).toEqual([sample, documentedTakes(parameter.schema, sample)]);
      }
    },
  );

  test('choices: the document lists the canonical values, the server takes them in any ASCII letter case', () => {
    const choices = operations.flatMap(({ route, operation }) =>
      operation.parameters.filter((p) => Array.isArray(p.schema.enum)).map((parameter) => ({ route, parameter })),
    );
    expect(new Set(choices.map(({ parameter }) => parameter.name))).toEqual(
      new Set(['format', 'theme', 'status', 'sort', 'provider']),
    );
    for (const { route, parameter } of choices) {
      expect([parameter.name, parameter.schema.pattern, parameter.schema.title]).toEqual([
        parameter.name,
        undefined,
        expect.stringMatching(/, any case$/),
      ]);
      const server = serverField(route, parameter);
      for (const value of parameter.schema.enum as string[]) {
        expect([value, documentedTakes(parameter.schema, value)]).toEqual([value, true]);
        const title = value.charAt(0).toUpperCase() + value.slice(1);
        const alternating = [...value].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
        for (const spelling of [value, value.toUpperCase(), title, alternating])
          expect(server.parse(spelling)).toBe(value);
        // Unicode case folds that land on the value (the Kelvin sign folds to k) are refused, as are near misses.
        for (const miss of [
          value.replace(/k/g, '\u212a'),
          value.replace(/s/g, 'ſ'),
          value.replace(/i/g, 'İ'),
          ` ${value}`,
          `${value}s`,
        ].filter((s) => s !== value)) {
          expect([miss, server.safeParse(miss).success]).toEqual([miss, false]);
        }
      }
    }
  });

  test('patterns inside bodies: tags of a bot, its token, secrets of a webhook', () => {
    const body = (id: string) =>
      operations.find(({ route }) => route.id === id)!.operation.requestBody!.content['application/json']!.schema;
    const bodyPatterns = operations.flatMap(({ route, operation }) =>
      patternsIn(operation.requestBody ?? {}).map((entry) => `${route.id} ${entry.at}`),
    );
    // Exactly these bodies carry patterns, so each is covered below.
    expect([...new Set(bodyPatterns.map((entry) => entry.split(' ')[0]))].sort()).toEqual(
      [
        'registerBot',
        'verifyBot',
        'putBotCommands',
        'putWebhookSecrets',
        'dashboardCreateKey',
        'dashboardSaveBot',
        'dashboardVerifyBot',
        'dashboardSaveWebhook',
      ].sort(),
    );
    // The dashboard's bot bodies are the API's.
    expect(body('dashboardSaveBot')).toEqual(body('registerBot'));
    expect(body('dashboardVerifyBot')).toEqual(body('verifyBot'));
    const tokenPattern = (body('verifyBot') as { properties: { botToken: { pattern: string } } }).properties.botToken
      .pattern;
    for (const botToken of [
      ...samples(tokenPattern, 9),
      'a.b.c',
      `${'x'.repeat(24)}.${'y'.repeat(6)}.${'z'.repeat(38)}`,
      `${'x'.repeat(24)}.${'y'.repeat(6)}.${'z'.repeat(38)}\n`,
      `${'x'.repeat(24)}.${'y'.repeat(6)}.${'z'.repeat(38)}=`,
    ]) {
      expect([botToken, verifyBotBody.safeParse({ botToken }).success]).toEqual([
        botToken,
        documentedTakes(body('verifyBot'), { botToken }),
      ]);
    }
    const tagPattern = (body('registerBot') as { properties: { tags: { items: { pattern: string } } } }).properties.tags
      .items.pattern;
    for (const tag of samples(tagPattern, 11)) {
      expect([tag, registerBotBody.safeParse({ name: 'Bot', tags: [tag] }).success]).toEqual([
        tag,
        documentedTakes(body('registerBot'), { name: 'Bot', tags: [tag] }),
      ]);
    }
    // A bot's texts (name, description, commands): no control character, not blank, as sent.
    const namePattern = (body('registerBot') as { properties: { name: { pattern: string } } }).properties.name.pattern;
    for (const name of [
      ...samples(namePattern, 5),
      'x'.repeat(32),
      'x'.repeat(33),
      ' padded ',
      '   ',
      '\u0000nul',
      'nel\u0085',
      'emoji 😀 fine',
    ]) {
      expect([name, registerBotBody.safeParse({ name }).success]).toEqual([
        name,
        documentedTakes(body('registerBot'), { name }),
      ]);
      const commands = { commands: [{ name, description: 'd' }] };
      expect([name, commandsBody.safeParse(commands).success]).toEqual([
        name,
        documentedTakes(body('putBotCommands'), commands),
      ]);
    }
    const keyNamePattern = (body('dashboardCreateKey') as { properties: { name: { pattern: string } } }).properties.name
      .pattern;
    for (const name of [
      ...samples(keyNamePattern, 7),
      'x'.repeat(64),
      'x'.repeat(65),
      'tab\there',
      'del\u007f',
      'emoji 😀 fine',
    ]) {
      expect([name, newKeyBody.safeParse({ name }).success]).toEqual([
        name,
        documentedTakes(body('dashboardCreateKey'), { name }),
      ]);
    }
    // The dashboard's registration: the webhook's URL, and the secrets as PUT /v1/webhooks/{id}/{token} takes them.
    const urlPattern = (body('dashboardSaveWebhook') as { properties: { webhookUrl: { pattern: string } } }).properties
      .webhookUrl.pattern;
    const token = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789';
    const urls = [
      ...samples(urlPattern, 9),
      `https://discord.com/api/webhooks/1234567890123456789/${token}`,
      `https://canary.discord.com/api/v10/webhooks/1234567890123456789/${token}/`,
      `https://discord.com/api/webhooks/18446744073709551615/${token}`,
      `https://discord.com/api/webhooks/18446744073709551616/${token}`,
      `https://discord.com/api/webhooks/0123456789012345678/${token}`,
      `http://discord.com/api/webhooks/1234567890123456789/${token}`,
      `https://discordXcom/api/webhooks/1234567890123456789/${token}`,
      `https://evil.example/api/webhooks/1234567890123456789/${token}`,
    ];
    for (const webhookUrl of urls) {
      expect([webhookUrl, webhookRegistrationBody.safeParse({ webhookUrl, secrets: {} }).success]).toEqual([
        webhookUrl,
        documentedTakes(body('dashboardSaveWebhook'), { webhookUrl, secrets: {} }),
      ]);
    }
    expect(
      urls.slice(-8).map((webhookUrl) => webhookRegistrationBody.safeParse({ webhookUrl, secrets: {} }).success),
    ).toEqual([true, true, true, false, false, false, false, false]);
    // A replay names the provider in any letter case, as the relay path does; the document lists its names.
    for (const provider of ['github', 'GitHub', 'GITLAB', 'git hub', 'nope', '']) {
      const replay = { provider, deliveryId: 'd-1' };
      expect([provider, replayBody.safeParse(replay).success]).toEqual([
        provider,
        documentedTakes(body('dashboardReplayDelivery'), { ...replay, provider: provider.toLowerCase() }),
      ]);
    }
    const secretPattern = (
      body('putWebhookSecrets') as { properties: { secrets: { additionalProperties: { pattern: string } } } }
    ).properties.secrets.additionalProperties.pattern;
    for (const secret of [
      ...samples(secretPattern, 13),
      'x'.repeat(256),
      'x'.repeat(257),
      'tab\there',
      'del\u007f',
      'nel\u0085',
      'emoji 😀 fine',
    ]) {
      expect([secret, secretsBody.safeParse({ secrets: { github: secret } }).success]).toEqual([
        secret,
        documentedTakes(body('putWebhookSecrets'), { secrets: { github: secret } }),
      ]);
    }
  });
});
