import type * as z from 'zod/mini';
import type { ErrorCode } from '../errors/apiError';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteSchemas {
  path?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** Request headers the handler reads itself (documented, not parsed by the validator). */
  headers?: z.ZodMiniType;
  /** What a `json` route answers in the envelope's `data` (documented and checked, not parsed). */
  data?: z.ZodMiniType;
}

export interface RouteDefinition<S extends RouteSchemas = RouteSchemas, G extends string = string> {
  method: HttpMethod;
  /** API Gateway resource path, with `{name}` path parameters. */
  path: string;
  /** The function group that serves it: one Lambda each, described by functions/<group>/group.ts. */
  group: G;
  /**
   * `apiKey`: behind the Lambda authorizer and counted per key; `none`: counted per source IP;
   * `session`: the dashboard's signed-in browser (its session cookie, and the CSRF header on
   * writes, checked by the function), counted per account (per source IP when refused).
   */
  auth: 'apiKey' | 'none' | 'session';
  /**
   * `svg`: a bare image/svg+xml document (or its PNG); `json`: the success envelope; `html`: a page;
   * `openapi`: the OpenAPI document itself; `redirect`: a 302 to the next page (sign-in steps).
   */
  response: 'svg' | 'json' | 'html' | 'openapi' | 'redirect';
  summary: string;
  schemas: S;
  /** A valid request, as a client writes it: the OpenAPI document, the gallery and the tests use it. */
  example: RouteExample;
  /** Answers 201 when the request creates the resource (200 when it replaces it). */
  creates?: boolean;
  /** Refusals particular to this route, beyond those its shape implies (bad input, auth, quota, outages). */
  errors?: readonly ErrorCode[];
  /** Largest accepted request body; bodies are refused with 413 above it. */
  maxBodyBytes?: number;
  /** `envelope` (default): the JSON envelope; `message`: `{"message", "code"?}` and never a 500 (the webhook relay). */
  answers?: 'envelope' | 'message';
  /** The body reaches the handler as it came (size-checked, not parsed): providers read their own formats. */
  rawBody?: boolean;
  /**
   * HEAD on the path answers 200 with no body, and runs no function: providers that check a URL
   * before they register a webhook there (Trello) send one, and give up on anything else.
   */
  probe?: true;
  /**
   * Count requests per this path parameter (when it matches `pattern`) instead of per key or IP,
   * and per the SHA-256 of `hashedParameter` too when given (a secret such as a webhook token: its
   * holders get their own quota, and the raw value is never a counter's key).
   */
  rateLimitBy?: { pathParameter: string; pattern: RegExp; prefix: string; hashedParameter?: string };
}

export interface RouteExample {
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

type Out<T> = T extends z.ZodMiniType ? z.output<T> : undefined;

/** The parsed, typed input a handler receives. */
export interface RouteInput<R extends RouteDefinition> {
  path: Out<R['schemas']['path']>;
  query: Out<R['schemas']['query']>;
  body: Out<R['schemas']['body']>;
  /**
   * The request as it came: body text (`rawBody` routes), lower-case header
   * names, the URL's base path (`/prod`, or ''), the caller's address.
   */
  raw: { body: string; headers: Record<string, string | undefined>; basePath: string; url?: string; sourceIp: string };
}

export const defineRoute = <const S extends RouteSchemas, const G extends string>(route: RouteDefinition<S, G>) =>
  route;
