import { describe, expect, test } from '@jest/globals';
import { describeSchema } from '../../functions/docs/reference';
import { openApiDocument } from '../../shared/openapi/document';
import { routeList } from '../../shared/routes/table';
import { groupTags } from '../../functions/groups';

/** The docs reference's Rules column: every parameter's rules in words, from the schemas the route table holds. */
const document = openApiDocument(groupTags(), '');
type Parameter = { name: string; schema: Record<string, unknown> };
const operations = Object.values(document.paths).flatMap((methods) =>
  Object.values(methods as Record<string, { operationId: string; parameters?: Parameter[] }>),
);
const rules = (routeId: string, name: string) => {
  const route = routeList.find((r) => r.id === routeId);
  const operation = operations.find((o) => o.operationId === route?.id);
  const parameter = operation?.parameters?.find((p) => p.name === name);
  if (!parameter) throw new Error(`no parameter ${name} on ${routeId}`);
  return describeSchema(parameter.schema);
};

describe('parameter rules in words', () => {
  test.each([
    [
      'one of a fixed set, any case, with its default',
      'rankCard',
      'status',
      'one of online, idle, dnd, offline, streaming, any case, default offline',
    ],
    ['text of a bounded length', 'rankCard', 'username', 'up to 32 characters'],
    ['a whole number with both bounds and a default', 'listBots', 'limit', 'whole number, 1 to 100, default 20'],
    ['a whole number without a stated maximum', 'rankCard', 'level', 'whole number, 0 or more'],
    ['a decimal number', 'contrast', 'amount', 'number, 0 to 5, default 1.5'],
    ['a URL', 'rankCard', 'avatar', 'a URL (http or https), up to 2048 characters'],
    [
      'a hex colour (a pattern, described where it is defined)',
      'rankCard',
      'progressColor',
      'hex colour: 3 or 6 digits, # optional',
    ],
    ['a snowflake', 'getBot', 'clientId', 'Discord client id: 17 to 20 digits'],
    ['a webhook token', 'relayWebhook', 'token', 'Discord webhook token: 20 to 100 letters, digits, - or _'],
    ['a key id', 'dashboardRevokeKey', 'keyId', 'key id: key_ and 16 hex digits'],
  ])('%s', (_kind, routeId, name, words) => {
    expect(rules(routeId, name)).toBe(words);
  });

  test('schemas with nothing to say are "text"; bounds alone read as words', () => {
    expect(describeSchema({ type: 'string' })).toBe('text');
    expect(describeSchema({ type: 'string', minLength: 20, maxLength: 100 })).toBe('20 to 100 characters');
    expect(describeSchema({ type: 'integer', maximum: 5 })).toBe('whole number, up to 5');
    expect(describeSchema({ type: 'string', enum: ['a', 'b'] })).toBe('one of a, b');
  });

  test('no parameter of the document shows a pattern: every pattern has a title, and no rule reads like one', () => {
    const parameters = operations.flatMap((operation) => operation.parameters ?? []);
    expect(parameters.length).toBeGreaterThan(30);
    for (const { name, schema } of parameters) {
      if (typeof schema.pattern === 'string')
        expect({ name, title: schema.title }).toEqual({ name, title: expect.any(String) });
      expect({ name, rules: describeSchema(schema) }).toEqual({
        name,
        rules: expect.not.stringMatching(/[\^$\\[\]]|\(\?/),
      });
    }
  });
});
