import { ApiError } from './apiError.js';
import type { RawBody, RequestOptions, RouteCall } from './types.js';

/** What every call of one client shares. */
export interface CallSettings {
  key: string | undefined;
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  maxRetries: number;
  maxRetryWaitMs: number;
}

/** The URL of a call: path parameters filled in, the others as the query, PNG asked for unless a format is given. */
export function callUrl(baseUrl: string, route: RouteCall, params: object = {}): URL {
  const values = params as Record<string, unknown>;
  const inPath = new Set<string>();
  const path = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${name} is required`);
    inPath.add(name);
    return encodeURIComponent(String(value));
  });
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(values)) {
    if (inPath.has(name) || value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(one));
  }
  if (route.answer === 'image' && !url.searchParams.has('format')) url.searchParams.set('format', 'png');
  return url;
}

/** The request body and its content type: text and bytes as they are, anything else as JSON. */
function encoded(body: unknown): { body?: string | Uint8Array; type?: string } {
  if (body === undefined) return {};
  if (typeof body === 'string' || body instanceof Uint8Array) return { body, type: 'application/json' };
  return { body: JSON.stringify(body as RawBody), type: 'application/json' };
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancel);
      resolve();
    }, ms);
    const cancel = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', cancel, { once: true });
  });
}

/** A success's content: the image (bytes, or text when SVG), the envelope's data, or the JSON. */
async function content(response: Response, answer: RouteCall['answer']): Promise<unknown> {
  if (answer === 'image') {
    const type = response.headers.get('Content-Type') ?? '';
    return type.startsWith('image/svg') ? response.text() : new Uint8Array(await response.arrayBuffer());
  }
  const json = (await response.json()) as { data?: unknown };
  return answer === 'data' ? json.data : json;
}

/**
 * One attempt, under its own time limit and the caller's signal; the answer's body is read within
 * both, so a stalled body times out too. Resolves to the content, or to the ApiError of a refusal.
 */
async function attempt(
  settings: CallSettings,
  url: URL,
  init: RequestInit,
  answer: RouteCall['answer'],
  options: RequestOptions,
): Promise<{ value: unknown } | { error: ApiError }> {
  const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  const forward = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forward, { once: true });
  try {
    const response = await settings.fetch(url, { ...init, signal: controller.signal });
    if (response.ok) return { value: await content(response, answer) };
    return { error: await ApiError.from(response) };
  } catch (error) {
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forward);
  }
}

/** How long to wait before retrying a refusal, or undefined when it is not retried. */
export function retryWait(error: ApiError, retried: number, maxRetries: number, maxWaitMs: number): number | undefined {
  if ((error.status !== 429 && error.status !== 503) || retried >= maxRetries) return undefined;
  const wait = error.retryAfter !== undefined ? error.retryAfter * 1000 : 1000 * 2 ** retried;
  // A wait longer than the cap is not shortened: the server would only refuse again.
  return wait <= maxWaitMs ? wait : undefined;
}

/** Calls a route: retries 429 and 503 after their Retry-After, throws ApiError for any other refusal. */
export async function callRoute(
  settings: CallSettings,
  route: RouteCall,
  params: object | undefined,
  body: unknown,
  options: RequestOptions = {},
): Promise<unknown> {
  const url = callUrl(settings.baseUrl, route, params);
  const { body: sent, type } = encoded(body);
  const headers = new Headers({ Accept: route.answer === 'image' ? 'image/png, image/svg+xml' : 'application/json' });
  if (settings.key) headers.set('Authorization', `Bearer ${settings.key}`);
  if (type) headers.set('Content-Type', type);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const init: RequestInit = { method: route.method, headers, body: sent as RequestInit['body'] };
  const maxRetries = options.maxRetries ?? settings.maxRetries;
  for (let retried = 0; ; retried++) {
    if (options.signal?.aborted) throw options.signal.reason;
    const result = await attempt(settings, url, init, route.answer, options);
    if ('value' in result) return result.value;
    const wait = retryWait(result.error, retried, maxRetries, settings.maxRetryWaitMs);
    if (wait === undefined) throw result.error;
    await sleep(wait, options.signal);
  }
}
