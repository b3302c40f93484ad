import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ImageFetchError } from './fetchError';

export interface HopResult {
  status: number;
  /** The redirect target, for 3xx answers that carry one. */
  location?: string;
  body?: Buffer;
}

export interface HopOptions {
  signal: AbortSignal;
  maxBytes: number;
  /** Resolves and vets the host's addresses when the socket connects. */
  lookup: LookupFunction;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS = {
  'user-agent': 'chatbot-utility-api/1.0 (image fetcher)',
  accept: 'image/png,image/jpeg,image/gif,image/webp,*/*;q=0.1',
};

/**
 * One GET, no redirects followed: redirects are returned so the caller can vet the next hop.
 * The body is read only for 2xx answers and only up to `maxBytes`; the socket is cut beyond it.
 */
export function downloadOnce(url: URL, options: HopOptions): Promise<HopResult> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      request.destroy();
      reject(error);
    };
    const request = client.get(
      url,
      { headers: HEADERS, agent: false, lookup: options.lookup, signal: options.signal },
      (response) => {
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status) || status < 200 || status > 299) {
          // Not a picture: its body is never read (a host could send one without end).
          resolve({ status, location: REDIRECTS.has(status) ? response.headers.location : undefined });
          request.destroy();
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (declared > options.maxBytes) return fail(tooLarge(options.maxBytes));
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes) return fail(tooLarge(options.maxBytes));
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
        response.on('error', (error) => fail(describe(error, options.signal)));
      },
    );
    request.on('error', (error) => reject(describe(error, options.signal)));
  });
}

const tooLarge = (maxBytes: number) =>
  new ImageFetchError(`the image is larger than ${Number((maxBytes / 1024 / 1024).toFixed(2))} MB`, 'tooLarge');

/** Node's socket errors, told as causes for the logs; our own refusals pass through unchanged. */
function describe(error: Error & { code?: string }, signal: AbortSignal): Error {
  if (error instanceof ImageFetchError) return error;
  if (signal.aborted)
    return signal.reason instanceof ImageFetchError ? signal.reason : new ImageFetchError('timed out');
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ImageFetchError('the host name does not resolve');
    case 'ECONNREFUSED':
      return new ImageFetchError('the image host refused the connection');
    case 'ECONNRESET':
    case 'EPIPE':
      return new ImageFetchError('the image host reset the connection');
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_STATUS':
    case 'HPE_INVALID_HEADER_TOKEN':
      return new ImageFetchError('the image host did not answer with valid HTTP');
    default:
      if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT'))
        return new ImageFetchError("the image host's TLS certificate is not valid");
      return new ImageFetchError(`the connection failed (${error.code ?? error.message})`);
  }
}
