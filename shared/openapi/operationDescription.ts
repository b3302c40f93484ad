import type { RouteEntry } from '../routes/table';

/**
 * An operation's description: its summary, then what its shape implies (key, how it is counted,
 * what it answers, its body) and rules spanning several parameters (the query schema's own
 * description), so every operation says more than its summary without prose written twice.
 */
export function operationDescription(route: RouteEntry, queryRule?: string): string {
  const counted = route.rateLimitBy ? `per {${route.rateLimitBy.pathParameter}}` : COUNTED[route.auth];
  const access = ACCESS[route.auth](counted);
  const body = route.rawBody
    ? 'The body is the delivery as the provider sends it.'
    : route.schemas.body
      ? 'Takes a JSON body.'
      : undefined;
  return [`${route.summary}.`, queryRule && `${capitalised(queryRule)}.`, access, ANSWERS[answerKind(route)], body]
    .filter(Boolean)
    .join(' ');
}

const COUNTED: Record<RouteEntry['auth'], string> = {
  apiKey: "against the key's quota",
  none: 'per source IP',
  session: 'per signed-in account (per source IP when refused)',
};

const ACCESS: Record<RouteEntry['auth'], (counted: string) => string> = {
  apiKey: (counted) => `Needs an API key; counted ${counted}.`,
  none: (counted) => `No key; counted ${counted}.`,
  session: (counted) =>
    'For the dashboard page: needs its session cookie (and the X-CSRF-Token header on writes), not an API key; ' +
    `counted ${counted}.`,
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const answerKind = (route: RouteEntry) => (route.answers === 'message' ? 'message' : route.response);

const ANSWERS: Record<ReturnType<typeof answerKind>, string> = {
  svg:
    'Answers the image as SVG, or PNG with `format=png` (or an Accept header preferring image/png), with an ' +
    'ETag; 304 to a matching If-None-Match.',
  json:
    'Answers the JSON envelope `{"success": true, "data", "meta"}`; errors are `{"success": false, "error", ' +
    '"meta"}`.',
  message: 'Answers `{"message"}` (with `"code"` on errors), never the envelope, never a 500.',
  html: 'Answers a self-contained HTML page.',
  openapi: 'Answers this document, with the server the request came through.',
  redirect: 'Answers 302 with the next page of the sign-in in Location.',
};
