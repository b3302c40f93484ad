import { describe, expect, test } from '@jest/globals';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { useTestApi } from '../support/localApi';

/** The local sign-in (no Discord application configured) is the developer whose key npm start seeded. */
const api = useTestApi({ localApiKey: 'first-local-key-0123456789,second-local-key-0123456789' });

describe('the local sign-in', () => {
  test("owns the first LOCAL_API_KEY key (its keys, bots and webhooks are the dashboard's); the second is another account's", async () => {
    const browser = new DashboardBrowser(api.url);
    await browser.signIn();
    expect((await browser.api('GET', '/session')).json.data.account).toEqual({ id: 'local', name: 'Local developer' });
    const [first, second] = api.server.seeded.keys;
    expect([first?.owner, second?.owner]).toEqual(['local', 'local-2']);
    const listed = (await browser.api('GET', '/keys')).json.data.keys.map((key: { id: string }) => key.id);
    expect(listed).toEqual([first?.id]);
  });
});
