import { afterEach, describe, expect, test } from '@jest/globals';
import { servedDocument } from '../../functions/docs/servedDocument';
import { groupTags } from '../../functions/groups';
import { apiContactFromEnv, contactEnvironment, DEFAULT_CONTACT } from '../../shared/openapi/contact';
import { openApiDocument } from '../../shared/openapi/document';

/** info.contact: the operator's own when the settings name one, a pointer to the operator otherwise. */
const OPERATOR = { name: 'Ada Ops', url: 'https://status.example.com/api', email: 'api@example.com' };
const settings = contactEnvironment(OPERATOR);

afterEach(() => {
  for (const name of Object.keys(settings)) delete process.env[name];
});

describe('the OpenAPI contact', () => {
  test('the committed document names the operator of the deployment, no invented address', () => {
    expect(openApiDocument(groupTags()).info.contact).toEqual({ name: 'The operator of this deployment' });
    expect(apiContactFromEnv({})).toBe(DEFAULT_CONTACT);
  });

  test('the settings name the contact, and the served document carries it', () => {
    expect(settings).toEqual({
      API_CONTACT_NAME: 'Ada Ops',
      API_CONTACT_URL: 'https://status.example.com/api',
      API_CONTACT_EMAIL: 'api@example.com',
    });
    expect(apiContactFromEnv(settings)).toEqual(OPERATOR);
    expect(apiContactFromEnv({ API_CONTACT_EMAIL: 'api@example.com' })).toEqual({
      name: DEFAULT_CONTACT.name,
      email: 'api@example.com',
    });
    Object.assign(process.env, settings);
    const served = servedDocument('/prod');
    expect(served.info.contact).toEqual(OPERATOR);
    expect(served.servers).toEqual([{ url: '/prod' }]);
  });

  test('a mistyped URL or address is refused, not published', () => {
    expect(() => apiContactFromEnv({ API_CONTACT_URL: 'status.example.com' })).toThrow(/API_CONTACT_URL/);
    expect(() => apiContactFromEnv({ API_CONTACT_URL: 'javascript:alert(1)' })).toThrow(/API_CONTACT_URL/);
    expect(() => apiContactFromEnv({ API_CONTACT_EMAIL: 'api at example.com' })).toThrow(/API_CONTACT_EMAIL/);
  });
});
