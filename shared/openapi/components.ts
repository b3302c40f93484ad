import { ERROR_STATUS, type ErrorCode } from '../errors/apiError';

/** What every answer of the API shares: the envelope, the rate-limit headers, the bearer scheme. */

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

export const headers = {
  'X-RateLimit-Limit': integerHeader(
    'Requests allowed in any 60 seconds for this key (or, without a key, this source IP)',
  ),
  'X-RateLimit-Remaining': integerHeader('Requests left in the window: this second and the 60 before it'),
  'X-RateLimit-Reset': integerHeader(
    'Unix time (seconds) when the oldest request counted leaves the window; when none are left, when room comes back',
  ),
  'Retry-After': integerHeader('Seconds to wait before retrying'),
  ETag: {
    description: 'Strong validator of this exact representation; send it back in If-None-Match',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description: 'Images: private, max-age=86400 (per key); this document: public, max-age=300',
    schema: { type: 'string' },
  },
  Vary: { description: 'Accept, when the representation was chosen by the Accept header', schema: { type: 'string' } },
  Location: { description: 'Where the browser goes next', schema: { type: 'string' } },
  'Set-Cookie': {
    description: 'The dashboard session cookie (HttpOnly, SameSite=Lax), or the sign-in state cookie',
    schema: { type: 'string' },
  },
} as const;

export type HeaderName = keyof typeof headers;
export const headerRefs = (names: readonly HeaderName[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
export const RATE_HEADERS: readonly HeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

const meta = {
  type: 'object',
  required: ['generatedAt', 'requestId'],
  properties: { generatedAt: { type: 'string', format: 'date-time' }, requestId: { type: 'string' } },
  additionalProperties: false,
};

export const schemas = {
  Meta: meta,
  ErrorEnvelope: {
    type: 'object',
    required: ['success', 'error', 'meta'],
    properties: {
      success: { const: false },
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
          message: { type: 'string' },
          details: {
            type: 'array',
            description: 'One entry per problem with the input, naming its field',
            items: {
              type: 'object',
              required: ['field', 'issue'],
              properties: { field: { type: 'string' }, issue: { type: 'string' } },
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
      meta: { $ref: '#/components/schemas/Meta' },
    },
    additionalProperties: false,
  },
  RelayAnswer: {
    type: 'object',
    description: "The webhook relay's answer: never the envelope, never a 500",
    required: ['message'],
    properties: { message: { type: 'string' }, code: { type: 'string', enum: Object.keys(ERROR_STATUS) } },
    additionalProperties: false,
  },
};

/** The success envelope around a route's `data`. */
export const successEnvelope = (data: unknown) => ({
  type: 'object',
  required: ['success', 'data', 'meta'],
  properties: { success: { const: true }, data, meta: { $ref: '#/components/schemas/Meta' } },
  additionalProperties: false,
});

export const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key: `Authorization: Bearer <key>` on every /v1 route. Missing, unknown or revoked keys are 401.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'cbk_session',
    description:
      "The dashboard: the session cookie set by signing in with Discord; writes also send the session's CSRF " +
      'token in X-CSRF-Token. Missing or expired sessions are 401.',
  },
};

const WHEN: Partial<Record<number, string>> = {
  400: 'Bad input',
  401: 'No valid key (or, on the relay, no valid signature)',
  403: 'The key is valid but may not do this',
  404: 'No such resource',
  413: 'The body is larger than this route takes',
  415: 'The body is not application/json',
  429: 'Over the per-minute quota',
  502: 'A service this route relies on failed',
  503:
    'Storage is unavailable (or, on the relay, an earlier attempt is still forwarding this delivery); retry ' +
    'after Retry-After',
};

/** The error answer's schema, its code held to `codes`. */
const narrowed = (relay: boolean, codes: ErrorCode[]) => ({
  allOf: [{ $ref: `#/components/schemas/${relay ? 'RelayAnswer' : 'ErrorEnvelope'}` }],
  properties: relay ? { code: { enum: codes } } : { error: { properties: { code: { enum: codes } } } },
});

/** An error answer of one status, naming the codes this route may give with it. */
export function errorResponse(status: number, codes: ErrorCode[], relay: boolean) {
  const retry: HeaderName[] = status === 429 || status === 503 ? ['Retry-After'] : [];
  return {
    description: `${WHEN[status] ?? 'Error'} (${codes.join(', ')})`,
    headers: headerRefs([...RATE_HEADERS, ...retry]),
    content: { 'application/json': { schema: narrowed(relay, codes) } },
  };
}
