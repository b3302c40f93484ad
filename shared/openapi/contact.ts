/** The OpenAPI `info.contact`: who answers for this deployment of the API. */
export interface ApiContact {
  name: string;
  url?: string;
  email?: string;
}

/**
 * The contact of a deployment whose operator named none: the project cannot know who runs a copy,
 * so it points readers at that operator rather than inventing an address.
 */
export const DEFAULT_CONTACT: ApiContact = { name: 'The operator of this deployment' };

/** The settings naming the contact, in the local server's environment and the docs function's. */
export const CONTACT_SETTINGS = {
  name: 'API_CONTACT_NAME',
  url: 'API_CONTACT_URL',
  email: 'API_CONTACT_EMAIL',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkedUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
    throw new Error(`${CONTACT_SETTINGS.url} must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
  return value;
}

function checkedEmail(value: string): string {
  if (!EMAIL.test(value))
    throw new Error(`${CONTACT_SETTINGS.email} must be an e-mail address, got ${JSON.stringify(value)}`);
  return value;
}

/**
 * The contact the settings name, checked so that a mistyped one fails at start rather than in a
 * published document; DEFAULT_CONTACT when none is set.
 */
export function apiContactFromEnv(env: NodeJS.ProcessEnv = process.env): ApiContact {
  const name = env[CONTACT_SETTINGS.name] || undefined;
  const url = env[CONTACT_SETTINGS.url] || undefined;
  const email = env[CONTACT_SETTINGS.email] || undefined;
  if (name === undefined && url === undefined && email === undefined) return DEFAULT_CONTACT;
  return {
    name: name ?? DEFAULT_CONTACT.name,
    ...(url === undefined ? {} : { url: checkedUrl(url) }),
    ...(email === undefined ? {} : { email: checkedEmail(email) }),
  };
}

/** The same settings as environment variables, for a function that serves the document. */
export const contactEnvironment = (contact: ApiContact): Record<string, string> =>
  Object.fromEntries(
    (Object.keys(CONTACT_SETTINGS) as (keyof ApiContact)[])
      .filter((key) => contact[key] !== undefined)
      .map((key) => [CONTACT_SETTINGS[key], contact[key] as string]),
  );
