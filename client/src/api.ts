import { Methods, OPERATIONS, type OperationId } from './generated/methods.js';
import { callRoute, type CallSettings } from './request.js';
import type { RequestOptions } from './types.js';

export interface ChatbotApiOptions {
  /** An API key (`cbk_...`), from the dashboard or `npm run keys`; the public routes work without one. */
  key?: string;
  /** Where the API is: `https://<id>.execute-api.<region>.amazonaws.com/prod`, or `http://127.0.0.1:3000` locally. */
  baseUrl: string;
  /** The fetch to call (the platform's by default). */
  fetch?: typeof fetch;
  /** Each attempt's time limit in milliseconds (30 s by default). */
  timeoutMs?: number;
  /** Retries of a 429 or 503, each after its Retry-After (2 by default; 0: none). */
  maxRetries?: number;
  /** The longest Retry-After waited out, in milliseconds (60 s by default): a longer one is thrown at once. */
  maxRetryWaitMs?: number;
}

/**
 * The chat-bot utility API: one method per route. Images resolve to PNG bytes (SVG text with
 * `format: 'svg'`), JSON routes to their answer's `data`; refusals are thrown as ApiError.
 */
export class ChatbotApi extends Methods {
  readonly #settings: CallSettings;

  constructor(options: ChatbotApiOptions) {
    super();
    if (!options?.baseUrl) throw new TypeError('baseUrl is required');
    const platformFetch = options.fetch ?? globalThis.fetch;
    if (typeof platformFetch !== 'function') throw new TypeError('no fetch: pass one as the fetch option');
    this.#settings = {
      key: options.key,
      baseUrl: options.baseUrl,
      // Called unbound, browsers' fetch throws "Illegal invocation".
      fetch: (input, init) => platformFetch(input, init),
      timeoutMs: options.timeoutMs ?? 30_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryWaitMs: options.maxRetryWaitMs ?? 60_000,
    };
  }

  protected call(
    id: OperationId,
    params: object | undefined,
    body: unknown,
    options: RequestOptions | undefined,
  ): Promise<unknown> {
    return callRoute(this.#settings, OPERATIONS[id], params, body, options);
  }
}
