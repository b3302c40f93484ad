import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { circleci } from '../../shared/webhooks/providers/circleci';
import { verifySignature } from '../../shared/webhooks/signature';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { circleciDeliveries, circleciGitlabWorkflow, circleciPayloads } from '../fixtures/circleci/payloads';

const delivery = (payload: unknown, headers: Record<string, string> = {}): ProviderDelivery =>
  toProviderDelivery(jsonRequest(headers, payload));

const embedOf = (event: string, payload: unknown = circleciPayloads[event]) => {
  const outcome = circleci.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`${event} was ${outcome.kind}`);
  expect(outcome).toMatchObject({ event, deliveryId: (payload as { id: string }).id, username: 'CircleCI' });
  expect(outcome.embeds).toHaveLength(1);
  return outcome.embeds[0]!;
};
const workflow = circleciPayloads['workflow-completed'] as { workflow: object };
const withStatus = (status: string) => ({ ...workflow, workflow: { ...workflow.workflow, status } });

describe('CircleCI provider', () => {
  test('renders the two documented events, the test ping and legacy builds', () => {
    expect([...circleci.events].sort()).toEqual(['build', 'job-completed', 'ping', 'workflow-completed']);
  });

  test.each([
    [
      'workflow-completed',
      '[circleci/webhook-service] Workflow build-test-deploy succeeded on main',
      0x2ea44f,
      'https://app.circleci.com/pipelines/github/circleci/webhook-service/130/workflows/fda08377-fe7e-46b1-' +
        '8992-3a7aaecac9c3',
    ],
    [
      'job-completed',
      '[circleci/webhook-service] Job test failed on main',
      0xd73a49,
      'https://app.circleci.com/pipelines/github/circleci/webhook-service/130/workflows/fda08377-fe7e-46b1-' +
        '8992-3a7aaecac9c3/jobs/136',
    ],
  ])('%s -> an embed with title, link, colour and the commit', (event, title, color, url) => {
    const embed = embedOf(event);
    expect(embed).toMatchObject({ title, color, url, description: '`1dc6aa6` Description of change - Author Name' });
    expect(embed.fields?.[0]).toEqual({ name: 'Pipeline', value: '#130', inline: true });
  });

  test('a job names its workflow in a field', () => {
    expect(embedOf('job-completed').fields).toContainEqual({ name: 'Workflow', value: 'welcome', inline: true });
  });

  test('GitLab and GitHub App pipelines: branch and commit come from trigger_parameters', () => {
    expect(embedOf('workflow-completed', circleciGitlabWorkflow)).toMatchObject({
      title: '[circleci/hello-world] Workflow build failed on main',
      color: 0xd73a49,
      description: '`850a151` Update README.md - Commit Author',
    });
  });

  test.each([
    ['error', 0xd73a49],
    ['canceled', 0x6a737d],
    ['unauthorized', 0xdbab09],
    ['something-new', 0x6a737d],
  ])('a %s workflow is coloured accordingly', (status, color) => {
    expect(embedOf('workflow-completed', withStatus(status)).color).toBe(color);
  });

  test('the event comes from the body, the header only when the body has none', () => {
    const { type: _type, ...untyped } = circleciPayloads['workflow-completed'] as Record<string, unknown>;
    expect(circleci.read(delivery(untyped, { 'circleci-event-type': 'workflow-completed' }))).toMatchObject({
      kind: 'message',
      event: 'workflow-completed',
    });
    expect(
      circleci.read(delivery(circleciPayloads['job-completed'], { 'circleci-event-type': 'workflow-completed' })),
    ).toMatchObject({ event: 'job-completed' });
  });

  test('markdown in payload text cannot change the layout; mentions stay text', () => {
    const payload = circleciPayloads['workflow-completed'] as { pipeline: { vcs: { commit: object } } };
    const evil = {
      ...payload,
      pipeline: {
        ...payload.pipeline,
        vcs: {
          ...payload.pipeline.vcs,
          commit: { subject: '**bold** [x](http://evil) @everyone', author: { name: '<@&1> ~~x~~' } },
        },
      },
    };
    expect(embedOf('workflow-completed', evil).description).toBe(
      '`1dc6aa6` \\*\\*bold\\*\\* \\[x\\]\\(http://evil\\) @everyone - \\<@&1\\> \\~\\~x\\~\\~',
    );
  });

  test("the test ping (sent from the hook's settings) is forwarded, so a user testing the hook sees it arrive", () => {
    expect(circleci.read(delivery(circleciPayloads.ping))).toMatchObject({
      kind: 'message',
      event: 'ping',
      deliveryId: 'd1264809-3541-48db-9d72-68f04f074877',
      embeds: [{ title: 'Webhook connected: Testing', color: 0x6a737d }],
    });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['no type in body or header', delivery({ id: 'x' }), /missing the type field or the circleci-event-type header/],
    ['malformed JSON', { headers: {}, body: '{"type":' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => circleci.read(bad)).toThrow(PayloadError);
    expect(() => circleci.read(bad)).toThrow(reason);
  });

  test('a workflow without a status, a job event without its job (issue 32): rendered with what is there', () => {
    expect(
      embedOf('workflow-completed', { ...workflow, workflow: { name: 'w', url: 'https://app.circleci.com/x' } }),
    ).toMatchObject({
      title: '[circleci/webhook-service] Workflow w completed on main',
      url: 'https://app.circleci.com/x',
      color: 0x6a737d,
    });
    expect(
      embedOf('job-completed', { ...(circleciPayloads['job-completed'] as object), job: undefined }),
    ).toMatchObject({
      title: '[circleci/webhook-service] Job completed on main',
      url:
        'https://app.circleci.com/pipelines/github/circleci/webhook-service/130/workflows/fda08377-fe7e-46b1-' +
        '8992-3a7aaecac9c3',
    });
  });

  test('a legacy build webhook -> repository, number, status, branch, commit and duration', () => {
    const legacy = JSON.parse(circleciDeliveries.find((d) => d.label === 'projectmonitor_webhook.json')!.body);
    const outcome = circleci.read(delivery(legacy));
    expect(outcome).toMatchObject({ kind: 'message', event: 'build' });
    expect(outcome.kind === 'message' && outcome.embeds[0]).toMatchObject({
      title: '[auser/project] Build #172 succeeded on master',
      url: 'https://circleci.com/gh/auser/project/172',
      color: 0x2ea44f,
      description: '`15711e8` Commit Message - Committer',
      fields: [{ name: 'Duration', value: '1m 21s', inline: true }],
    });
  });

  test("the signature scheme checks v1 in CircleCI's comma-separated list (the documented test vectors)", () => {
    const scheme = circleci.signature!;
    const sign = (body: string, header: string) =>
      verifySignature(scheme, { headers: { 'circleci-signature': header }, body }, { plaintext: 'secret' });
    expect(sign('foo', 'v1=773ba44693c7553d6ee20f61ea5d2757a9a4f4a44d2841ae4e95b52e4cd62db4')).toBe('valid');
    expect(sign('hello world', 'v1=734cc62f32841568f45715aeb9f4d7891324e6d948e4c6c60c0621cdac48623a,v2=whatever')).toBe(
      'valid',
    );
    expect(sign('hello world', 'v2=734cc62f32841568f45715aeb9f4d7891324e6d948e4c6c60c0621cdac48623a')).toBe('invalid');
    expect(sign('foo', 'v1=not-a-valid-signature')).toBe('invalid');
  });

  test('the fixture deliveries read as messages keyed by the body id', () => {
    for (const fixture of circleciDeliveries) {
      // Legacy build webhooks carry no id.
      const id: unknown = JSON.parse(fixture.body).id;
      expect(circleci.read(toProviderDelivery(fixture))).toMatchObject({
        kind: 'message',
        event: fixture.event,
        ...(id ? { deliveryId: id } : {}),
      });
    }
  });
});

test('body ids and event names must be fit to key and print: no controls, at most 200', () => {
  // An unfit id is read as absent (the delivery is not lost over it); an unfit event name is refused.
  for (const id of ['a\u001b[2Jb', 'line\nbreak', 'x'.repeat(201)]) {
    const outcome = circleci.read(delivery({ ...workflow, id }));
    expect(outcome).toMatchObject({ kind: 'message', event: 'workflow-completed' });
    expect(outcome.deliveryId).toBeUndefined();
  }
  // Half a character in the JSON (a lone surrogate escape) is read as U+FFFD, as everywhere in a payload (jsonOf).
  expect(circleci.read(delivery({ ...workflow, id: 'lone \ud800 surrogate' }))).toMatchObject({
    deliveryId: 'lone \ufffd surrogate',
  });
  expect(() => circleci.read(delivery({ ...workflow, type: 'workflow-completed\u0000' }))).toThrow(
    /characters an id cannot have/,
  );
  expect(circleci.read(delivery({ ...workflow, id: 'ok-id-é' }))).toMatchObject({ deliveryId: 'ok-id-é' });
});
