import type { operations } from './generated/openapi.js';

type OperationName = keyof operations;

/** How a route is called: its method and path, and what it answers (see ChatbotApi's methods). */
export interface RouteCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** `image`: PNG bytes or SVG text; `data`: the envelope's data; `json`: the JSON as answered. */
  answer: 'image' | 'data' | 'json';
}

/** What every method takes last. */
export interface RequestOptions {
  /** Cancels the call, its retries and their waits. */
  signal?: AbortSignal;
  /** Each attempt's time limit, in milliseconds (the client's timeoutMs by default). */
  timeoutMs?: number;
  /** At most this many retries of a 429 or 503 (the client's maxRetries by default). */
  maxRetries?: number;
  /** More request headers (a provider's signature headers on relayWebhook). */
  headers?: Record<string, string>;
}

type Part<T> = [NonNullable<T>] extends [never] ? unknown : NonNullable<T>;

/** A route's path and query parameters, in one object. */
export type Params<K extends OperationName> = Part<operations[K]['parameters']['path']> &
  Part<operations[K]['parameters']['query']>;

/** A route's JSON request body. */
export type Body<K extends OperationName> = operations[K]['requestBody'] extends
  | { content: { 'application/json': infer B } }
  | undefined
  ? B
  : never;

/** A body sent as it is: text or bytes as a provider signed them, or an object sent as JSON. */
export type RawBody = string | Uint8Array | Record<string, unknown>;

type Responses<K extends OperationName> = operations[K]['responses'];
type SuccessStatus<K extends OperationName> = keyof Responses<K> & (200 | 201);

/** A route's successful JSON answer, as the server sends it. */
export type Json<K extends OperationName> = {
  [S in SuccessStatus<K>]: Responses<K>[S] extends { content: { 'application/json': infer J } } ? J : never;
}[SuccessStatus<K>];

/** A route's successful answer's `data`, which the client's methods resolve to. */
export type Result<K extends OperationName> = Json<K> extends { data: infer D } ? D : never;

/** PNG bytes unless `format` asks for SVG text (any letter case). */
export type ImageOf<P> = P extends { format: infer F extends string }
  ? string extends F
    ? string | Uint8Array
    : Lowercase<F> extends 'svg'
      ? string
      : Uint8Array
  : Uint8Array;
