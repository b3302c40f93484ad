import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { azuredevops } from '../../shared/webhooks/providers/azuredevops';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { azuredevopsDeliveries, azuredevopsPayloads } from '../fixtures/azuredevops/payloads';

type Payload = { eventType: string; id: string; resource?: Record<string, unknown> } & Record<string, unknown>;
const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));
const sample = (event: string) => azuredevopsPayloads[event] as Payload;
const withResource = (event: string, resource: Record<string, unknown>): Payload => ({
  ...sample(event),
  resource: { ...sample(event).resource, ...resource },
});

const embedOf = (payload: Payload) => {
  const outcome = azuredevops.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toEqual({
    kind: 'message',
    event: payload.eventType,
    deliveryId: payload.id,
    username: 'Azure DevOps',
    embeds: [expect.any(Object)],
  });
  return outcome.embeds[0]!;
};

describe('Azure DevOps provider', () => {
  test('renders pushes, pull requests, comments, builds and other events; unsigned (basic auth)', () => {
    expect(azuredevops.events).toEqual([
      'git.push',
      'git.pullrequest.created',
      'git.pullrequest.updated',
      'git.pullrequest.merged',
      'ms.vss-code.git-pullrequest-comment-event',
      'build.complete',
      '*',
    ]);
    expect(azuredevops.signature).toBeUndefined();
    expect(azuredevops.headers).toEqual([]);
  });

  test('git.push -> repository and branch, linked to its one new commit, with each commit linked', () => {
    expect(embedOf(sample('git.push'))).toEqual({
      title: '[Fabrikam-Fiber-Git:main] 1 new commit',
      url:
        'https://dev.azure.com/fabrikam-fiber-inc/DefaultCollection/_git/Fabrikam-Fiber-Git/commit/' +
        '33b55f7cb7e7e245323987634f960cf4a6e6bc74',
      author: { name: 'Jamal Hartnett' },
      color: 0x0366d6,
      description:
        '[`33b55f7`](https://dev.azure.com/fabrikam-fiber-inc/DefaultCollection/_git/Fabrikam-Fiber-Git/commit/' +
        '33b55f7cb7e7e245323987634f960cf4a6e6bc74) Fixed bug in web.config file - Jamal Hartnett',
      timestamp: expect.any(String),
    });
  });

  test('a push of many commits lists ten (as every forge does) and counts the rest', () => {
    const commits = Array.from({ length: 12 }, (_, i) => ({
      commitId: `${i % 10}`.repeat(40),
      comment: `c${i}`,
      author: { name: 'A' },
    }));
    const embed = embedOf(withResource('git.push', { commits }));
    expect(embed.title).toBe('[Fabrikam-Fiber-Git:main] 12 new commits');
    expect(embed.description?.split('\n')).toHaveLength(11);
    expect(embed.description).toMatch(/\n… and 2 more$/);
  });

  test('a push says what it did to its ref: never "0 new commits"; created, deleted, tags', () => {
    const update = (oldObjectId: string, newObjectId: string, name = 'refs/heads/main') => ({
      refUpdates: [{ name, oldObjectId, newObjectId }],
    });
    const [zeros, before, after] = ['0'.repeat(40), 'a'.repeat(40), 'b'.repeat(40)];
    const home = 'https://dev.azure.com/fabrikam-fiber-inc/DefaultCollection/_git/Fabrikam-Fiber-Git';
    expect(embedOf(withResource('git.push', { commits: [], ...update(before, after) }))).toMatchObject({
      title: '[Fabrikam-Fiber-Git] Branch main updated',
      url: `${home}?version=GBmain`,
    });
    expect(embedOf(withResource('git.push', { commits: [], ...update(zeros, after) }))).toMatchObject({
      title: '[Fabrikam-Fiber-Git] Branch main created',
      url: `${home}?version=GBmain`,
    });
    expect(embedOf(withResource('git.push', { commits: [], ...update(before, zeros) }))).toMatchObject({
      title: '[Fabrikam-Fiber-Git] Branch main deleted',
      url: home,
    });
    expect(embedOf(withResource('git.push', { commits: [], ...update(zeros, after, 'refs/tags/v1') }))).toMatchObject({
      title: '[Fabrikam-Fiber-Git] Tag v1 created',
      url: `${home}?version=GTv1`,
    });
  });

  test('pull requests: opened, completed through an update, abandoned, merge commit created or conflicting', () => {
    const opened = embedOf(sample('git.pullrequest.created'));
    expect(opened).toMatchObject({
      title: '[Fabrikam] Pull request #1 opened: my first pull request',
      url: 'https://dev.azure.com/fabrikam/DefaultCollection/_git/Fabrikam/pullrequest/1',
      author: { name: 'Jamal Hartnett' },
      color: 0x2ea44f,
      description: '\\- test2',
    });
    expect(opened.fields).toEqual([
      { name: 'Branches', value: 'mytopic → master', inline: true },
      { name: 'Status', value: 'active', inline: true },
    ]);
    expect(embedOf(sample('git.pullrequest.updated'))).toMatchObject({
      title: '[Fabrikam] Pull request #1 completed: my first pull request',
      color: 0x6f42c1,
    });
    // Who updated it and how is in Azure DevOps's own sentence (the author is the pull request's).
    expect(embedOf(sample('git.pullrequest.updated')).fields).toContainEqual({
      name: 'Update',
      value: 'Jamal Hartnett marked the pull request as completed',
    });
    expect(embedOf(withResource('git.pullrequest.updated', { status: 'abandoned' }))).toMatchObject({
      title: '[Fabrikam] Pull request #1 abandoned: my first pull request',
      color: 0xd73a49,
    });
    expect(embedOf(withResource('git.pullrequest.updated', { status: 'active' }))).toMatchObject({
      title: '[Fabrikam] Pull request #1 updated: my first pull request',
      color: 0x0366d6,
    });
    expect(embedOf(sample('git.pullrequest.merged'))).toMatchObject({
      title: '[Fabrikam] Pull request #1 merge commit created: my first pull request',
      color: 0x6f42c1,
    });
    expect(embedOf(withResource('git.pullrequest.merged', { mergeStatus: 'conflicts' }))).toMatchObject({
      title: '[Fabrikam] Pull request #1 merge conflicts: my first pull request',
      color: 0xdbab09,
    });
  });

  test('a pull request links its web page when the payload gives it', () => {
    const href = 'https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/pullrequest/1';
    expect(embedOf(withResource('git.pullrequest.created', { _links: { web: { href } } })).url).toBe(href);
  });

  test('build.complete -> definition, number, result, branch, link, commit, duration, reason', () => {
    const embed = embedOf(sample('build.complete'));
    expect(embed).toMatchObject({
      title: '[ConsumerAddressModule] Build ConsumerAddressModule_20150407.1 succeeded on master',
      url:
        'https://dev.azure.com/fabrikam-fiber-inc/web/build.aspx?pcguid=5023c10b-bef3-41c3-bf53-686c4e34ee9e&' +
        'builduri=vstfs%3a%2f%2f%2fBuild%2fBuild%2f3',
      author: { name: 'Normal Paulk' },
      color: 0x2ea44f,
    });
    expect(embed.fields).toEqual([
      { name: 'Commit', value: '`600c52d`', inline: true },
      { name: 'Duration', value: '2m 4s', inline: true },
      { name: 'Reason', value: 'manual', inline: true },
    ]);
  });

  test.each([
    ['failed', 0xd73a49],
    ['partiallySucceeded', 0xdbab09],
    ['stopped', 0x6a737d],
  ])('a build %s is coloured by its result', (status, color) => {
    expect(embedOf(withResource('build.complete', { status })).color).toBe(color);
  });

  test('markdown in payload text cannot change the layout', () => {
    const embed = embedOf(
      withResource('git.pullrequest.created', {
        description: '**x** [y](http://evil) @everyone',
        sourceRefName: 'refs/heads/_b_',
      }),
    );
    expect(embed.description).toBe('\\*\\*x\\*\\* \\[y\\]\\(http://evil\\) @everyone');
    expect(embed.fields?.[0]?.value).toBe('\\_b\\_ → master');
  });

  test("any other event in Azure DevOps's own sentence and link; without one, by its name", () => {
    const message = {
      text: 'Bug #5 (Some great new idea!) created by Jamal Hartnett.',
      markdown: '[Bug #5](http://fabrikam/_workitems/edit/5) (Some great new idea!) created by Jamal Hartnett.',
    };
    const workItem = {
      eventType: 'workitem.created',
      id: 'abc',
      message,
      detailedMessage: { text: `${message.text}\r\n(http://fabrikam/_workitems/edit/5)\r\n\r\n- State: New\r\n` },
    };
    expect(embedOf(workItem)).toEqual({
      title: message.text,
      url: 'http://fabrikam/_workitems/edit/5',
      color: 0x2ea44f,
      description: '\\- State: New',
      timestamp: expect.any(String),
    });
    expect(embedOf({ eventType: 'ms.vss-release.deployment-completed-event', id: 'abc' }).title).toBe(
      'Deployment completed event',
    );
  });

  test('a pull request comment names it; an edit or deletion is not new, nor repeats its text', () => {
    const comment = JSON.parse(
      azuredevopsDeliveries.find((d) => d.event === 'ms.vss-code.git-pullrequest-comment-event')!.body,
    ) as Payload;
    expect(embedOf(comment)).toMatchObject({
      title: '[Fabrikam] Comment edited on pull request #1: my first pull request',
      author: { name: 'Jamal Hartnett' },
      description: 'This is my comment.',
    });
    const added = { ...comment, message: { text: 'Jamal Hartnett has commented on a pull request' } };
    expect(embedOf(added).title).toBe('[Fabrikam] New reply on pull request #1: my first pull request');
    const removed = { ...comment, message: { text: 'Jamal Hartnett has deleted a pull request comment' } };
    expect(embedOf(removed)).toMatchObject({
      title: '[Fabrikam] Comment deleted on pull request #1: my first pull request',
      color: 0x6a737d,
    });
    expect(embedOf(removed).description).toBeUndefined();
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['a payload without eventType', delivery({ id: 'x' }), /missing the eventType field/],
    ['malformed JSON', { headers: {}, body: '<xml/>' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => azuredevops.read(bad)).toThrow(PayloadError);
    expect(() => azuredevops.read(bad)).toThrow(reason);
  });

  test('a push without its pusher, a pull request without its repository still render (issue 32)', () => {
    expect(embedOf(withResource('git.push', { pushedBy: undefined })).author).toBeUndefined();
    expect(embedOf(withResource('git.pullrequest.created', { repository: undefined, _links: undefined })).title).toBe(
      'Pull request #1 opened: my first pull request',
    );
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of azuredevopsDeliveries)
      expect(azuredevops.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
