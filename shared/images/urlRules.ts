/** The longest URL taken (pictures to fetch, links to keep): what browsers and CDNs reliably carry. */
export const MAX_URL_LENGTH = 2048;

/**
 * What a picture URL must be, for the parameter check and for every redirect the fetcher
 * follows alike: absolute, http or https, no credentials. Returns the problem, or undefined.
 */
export function urlProblem(address: string): string | undefined {
  if (!URL.canParse(address)) return 'is not a valid URL';
  const url = new URL(address);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `uses ${url.protocol}; only http and https are fetched`;
  if (url.username || url.password) return 'contains credentials';
  return undefined;
}
