import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { heroku } from '../../shared/webhooks/providers/heroku';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { herokuDeliveries, herokuDeployHook, herokuPayloads } from '../fixtures/heroku/payloads';
import { readerOf } from '../support/providerReads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));

type Event = { action: string; data: Record<string, unknown>; webhook_metadata: { delivery: { id: string } } };
const fixture = (event: string) => herokuPayloads[event] as Event;
const withData = (event: string, data: Record<string, unknown>, action?: string) => ({
  ...fixture(event),
  ...(action ? { action } : {}),
  data: { ...fixture(event).data, ...data },
});

const embedOf = (event: string, payload: unknown = herokuPayloads[event]) => {
  const outcome = heroku.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`${event} was ${outcome.kind}`);
  expect(outcome).toMatchObject({
    event,
    deliveryId: (payload as Event).webhook_metadata.delivery.id,
    username: 'Heroku',
  });
  return outcome.embeds[0]!;
};

describe('Heroku provider', () => {
  test('renders builds, releases, dynos and apps, signed with a base64 HMAC in Heroku-Webhook-Hmac-SHA256', () => {
    expect([...heroku.events].sort()).toEqual([
      '*',
      'addon',
      'addon-attachment',
      'app',
      'build',
      'deploy',
      'dyno',
      'formation',
      'release',
    ]);
    expect(heroku.signature).toEqual({
      kind: 'hmac',
      header: 'Heroku-Webhook-Hmac-SHA256',
      algorithm: 'sha256',
      encoding: 'base64',
    });
  });

  test.each([
    [
      'build',
      '[sample-app-0008] Build succeeded',
      0x2ea44f,
      'https://dashboard.heroku.com/apps/sample-app-0008/activity/builds/ce86db34-d47d-4296-b4c5-d63ebefb45c7',
      'user-0008@example.com',
    ],
    [
      'release',
      '[sample-app-0339] Release v3 created',
      0x2ea44f,
      'https://dashboard.heroku.com/apps/sample-app-0339/activity',
      'heroku-postgresql@addons.heroku.com',
    ],
    [
      'dyno',
      '[secret-dawn-52107] Dyno run.9359 started',
      0x0366d6,
      'https://dashboard.heroku.com/apps/secret-dawn-52107/resources',
      'user-0243@example.com',
    ],
    [
      'app',
      '[sample-app-0301] App updated',
      0x0366d6,
      'https://sample-app-0301.herokuapp.com/',
      'user-0436@example.com',
    ],
  ])('%s -> an embed with title, link, author and colour', (event, title, color, url, author) => {
    expect(embedOf(event)).toMatchObject({ title, color, url, author: { name: author } });
  });

  test('an app update names what changed and maintenance mode; a deleted app links to the apps list, in red', () => {
    const app = fixture('app');
    expect(
      embedOf('app', { ...withData('app', { maintenance: true }), previous_data: { maintenance: false } }),
    ).toMatchObject({
      title: '[sample-app-0301] App updated (in maintenance mode)',
      description: 'Changed: maintenance',
    });
    expect(embedOf('app', { ...app, action: 'destroy' })).toMatchObject({
      title: '[sample-app-0301] App deleted',
      url: 'https://dashboard.heroku.com/apps',
      color: 0xd73a49,
    });
  });

  test('a build shows its commit, stack and release; a release its description; a dyno its command', () => {
    expect(embedOf('build')).toMatchObject({
      description: 'Fix the signup form',
      fields: [
        { name: 'Commit', value: '`203e756`' },
        { name: 'Stack', value: 'heroku\\-22' },
        { name: 'Release', value: 'v12' },
      ],
    });
    expect(embedOf('release').description).toBe('Update DATABASE by heroku\\-postgresql');
    expect(embedOf('dyno').fields).toEqual([
      { name: 'Command', value: '`bash`' },
      { name: 'Size', value: 'Eco', inline: true },
      { name: 'Release', value: 'v5', inline: true },
    ]);
  });

  test('status colours: failed red, pending blue; a crashed dyno red with its exit status, an up one green', () => {
    expect(embedOf('release', withData('release', { status: 'failed', description: null }, 'update'))).toMatchObject({
      title: '[sample-app-0339] Release v3 failed',
      color: 0xd73a49,
    });
    expect(embedOf('release', withData('release', { description: null })).description).toBeUndefined();
    expect(
      embedOf('build', withData('build', { status: 'pending', release: null, slug: null }, 'create')),
    ).toMatchObject({ title: '[sample-app-0008] Build started', color: 0x0366d6 });
    const crashed = embedOf('dyno', withData('dyno', { state: 'crashed', exit_status: 137 }, 'update'));
    expect(crashed).toMatchObject({ title: '[secret-dawn-52107] Dyno run.9359 crashed', color: 0xd73a49 });
    expect(embedOf('dyno', withData('dyno', { state: 'up' }, 'update')).title).toBe(
      '[secret-dawn-52107] Dyno run.9359 is up',
    );
    expect(embedOf('dyno', withData('dyno', { state: 'down' }, 'destroy')).title).toBe(
      '[secret-dawn-52107] Dyno run.9359 stopped',
    );
    expect(crashed.fields).toContainEqual({ name: 'Exit status', value: '137', inline: true });
    expect(embedOf('dyno', withData('dyno', { state: 'up' })).color).toBe(0x2ea44f);
  });

  test('the delivery id falls back to the event id when webhook_metadata is missing', () => {
    const { webhook_metadata: _omit, ...bare } = fixture('release');
    expect(heroku.read(delivery(bare))).toMatchObject({
      kind: 'message',
      deliveryId: 'b6a68e77-8c13-41c8-b30c-b50cca7a608a',
    });
  });

  test('markdown in payload text cannot change the layout; mentions stay text', () => {
    expect(
      embedOf('release', withData('release', { description: 'Deploy **x** [y](http://evil) @everyone' })).description,
    ).toBe('Deploy \\*\\*x\\*\\* \\[y\\]\\(http://evil\\) @everyone');
    expect(embedOf('dyno', withData('dyno', { command: 'echo `id`' })).fields?.[0]?.value).toBe("`echo 'id'`");
  });

  test('any other resource is told by its name, what is was called and what happened to it', () => {
    const domain = {
      ...fixture('release'),
      resource: 'domain',
      data: { hostname: 'www.example.com', app: { name: 'a' } },
    };
    expect(heroku.read(delivery(domain))).toMatchObject({
      kind: 'message',
      event: 'domain',
      deliveryId: 'd244009a-670f-4340-88e9-789a4f9002d5',
      embeds: [{ title: '[a] Domain www.example.com created', url: 'https://dashboard.heroku.com/apps/a/activity' }],
    });
    expect(
      embedOf('sni-endpoint', {
        ...fixture('release'),
        resource: 'sni-endpoint',
        action: 'destroy',
        data: { name: 'tokyo-1050' },
      }).title,
    ).toBe('Sni endpoint tokyo-1050 deleted');
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['no resource field', delivery({ action: 'create', data: {} }), /missing the resource field/],
    ['malformed JSON', { headers: {}, body: '{"resource":' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => heroku.read(bad)).toThrow(PayloadError);
    expect(() => heroku.read(bad)).toThrow(reason);
  });

  test('a release without its version, a dyno without its app still render with what they have (issue 32)', () => {
    expect(embedOf('release', { ...fixture('release'), data: { app: { name: 'a' } } })).toMatchObject({
      title: '[a] Release created',
      url: 'https://dashboard.heroku.com/apps/a/activity',
    });
    expect(embedOf('dyno', { ...fixture('dyno'), data: { name: 'web.1', state: 'up' } })).toMatchObject({
      title: 'Dyno web.1 started',
      url: 'https://dashboard.heroku.com/apps',
    });
  });

  test('the fixture deliveries read as messages with the delivery id from the body', () => {
    for (const item of herokuDeliveries.filter((delivery) => delivery.event !== 'deploy')) {
      expect(heroku.read(toProviderDelivery(item))).toMatchObject({
        kind: 'message',
        event: item.event,
        deliveryId: (JSON.parse(item.body) as Event).webhook_metadata.delivery.id,
      });
    }
  });
});

describe('Heroku add-ons and scaling', () => {
  const { embedOf } = readerOf(heroku);
  test('an add-on provisioned: its name, plan and state, linked to its page', () => {
    expect(embedOf(herokuPayloads.addon)).toMatchObject({
      title: '[sample-app-0036] Add-on cloudcounter-encircled-31432 created',
      url:
        'https://addons-sso.localhost/apps/7c9e1f74-ad2c-4daf-91e5-f07bb7cafe90/addons/ac7eaeaf-cac3-43f2-8854-' +
        '7c823e7bf755',
      color: 0x2ea44f,
      fields: [
        { name: 'Service', value: 'cloudcounter', inline: true },
        { name: 'Plan', value: 'cloudcounter:basic', inline: true },
        { name: 'State', value: 'provisioning', inline: true },
      ],
    });
  });

  test("an add-on attached is linked to its page; detached, to the app's resources", () => {
    expect(embedOf(herokuPayloads['addon-attachment'])).toMatchObject({
      title: '[sample-app-0084] Add-on my-resource-0003 attached as DATABASE',
      url: 'https://postgres.localhost/discover?hid=resource17@localhost',
    });
    expect(embedOf({ ...(herokuPayloads['addon-attachment'] as object), action: 'destroy' })).toMatchObject({
      title: '[sample-app-0084] Add-on my-resource-0003 detached as DATABASE',
      url: 'https://dashboard.heroku.com/apps/sample-app-0084/resources',
    });
  });

  test('scaling says from how many to how many', () => {
    expect(embedOf(herokuPayloads.formation)).toMatchObject({
      title: '[sample-app-0197] web dynos scaled to 0',
      color: 0x6a737d,
      fields: [
        { name: 'Dynos', value: '1 → 0', inline: true },
        { name: 'Size', value: '1X', inline: true },
      ],
    });
  });
});

describe("Heroku's legacy HTTP deploy hook (form fields, no JSON)", () => {
  test('a deploy: app, release or commit, who, the git log (escaped), linked to the app', () => {
    const outcome = heroku.read(toProviderDelivery(herokuDeployHook));
    expect(outcome).toMatchObject({ kind: 'message', event: 'deploy' });
    const embed = outcome.kind === 'message' ? outcome.embeds[0] : undefined;
    expect(embed).toMatchObject({
      title: '[deploying-furiously-42] Deployed (441e20)',
      url: 'http://deploying-furiously-42.herokuapp.com',
      author: { name: 'jane@somedomain.com' },
      color: 0x2ea44f,
    });
    expect(embed?.description?.split('\n')).toHaveLength(5);
    expect(embed?.description).toContain('\\#1253');
  });

  test('form deliveries: without the app, who deployed; a trailing newline trimmed; JSON field read', () => {
    const form = (body: string) =>
      heroku.read({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(form('user=x')).toMatchObject({
      kind: 'message',
      event: 'deploy',
      embeds: [{ title: 'Deployed', url: 'https://dashboard.heroku.com/apps', author: { name: 'x' } }],
    });
    expect(form('app=a%0A&release=v9%0A&head=abc%0A')).toMatchObject({ embeds: [{ title: '[a] Deployed v9 (abc)' }] });
    const build = herokuDeliveries[0]!;
    expect(
      heroku.read({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payload: build.body }).toString(),
      }),
    ).toMatchObject({ kind: 'message', event: build.event });
  });
});
