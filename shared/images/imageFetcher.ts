import { LRUCache } from 'lru-cache';
import { ApiError } from '../errors/apiError';
import { hostPort, ipLiteral, isPublicAddress, parseAllowHosts } from './addressPolicy';
import { downloadOnce } from './download';
import { FAILURE_ISSUES, ImageFetchError, type FetchFailure } from './fetchError';
import { guardedLookup, privateAddressError, systemResolver, type Resolver } from './guardedLookup';
import { cutShort, frameRefusal, MAX_PIXELS_TEXT, MAX_SIDE, pixelSize, sizeRefusal, type PixelSize } from './imageSize';
import { inlineImage, type InlineImage } from './inlineImage';
import { heldPicture } from './scaledPicture';
import type { Fit } from './pictureFit';
import { sniffImageType } from './imageType';
import { urlProblem } from './urlRules';
import { traced } from '../observability/tracing';

export type { InlineImage };

export interface ImageFetcher {
  /**
   * Fetches `url` (or takes it from the cache); any failure is a 400 IMAGE_FETCH_FAILED naming
   * `field`. With `fit` (pictureFit.ts), the picture comes scaled to just cover it
   * (scaledPicture.ts), the copy cached beside the original.
   */
  load(url: string, field: string, fit?: Fit): Promise<InlineImage>;
}

/** The cause of a refused picture, for the logs only: the client is told its class (fetchError.ts). */
export interface FetchFailureLog {
  field: string;
  /** The picture's host (never its path or query, which may carry a signature). */
  host: string;
  failure: FetchFailure;
  cause: string;
}

export interface ImageFetcherOptions {
  /** Where causes of refusals go (the function's logger). */
  log?: (entry: FetchFailureLog) => void;
  /** `host:port` pairs that may be private (IMAGE_FETCH_ALLOW_HOSTS). */
  allowHosts?: Set<string>;
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Cache budget in characters of data URI, per process (per Lambda instance). */
  cacheSize?: number;
  cacheTtlMs?: number;
}

const DEFAULTS = {
  log: (_entry: FetchFailureLog): void => undefined,
  allowHosts: new Set<string>(),
  resolve: systemResolver,
  timeoutMs: 5_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
  cacheSize: 32 * 1024 * 1024,
  cacheTtlMs: 10 * 60_000,
} satisfies Required<ImageFetcherOptions>;

type Settings = typeof DEFAULTS;

/**
 * The guarded fetcher of ../shared/API.md: http(s) only, no credentials, every address vetted before
 * connecting (IP literals) or while connecting (names), on the first hop and every redirect,
 * at most 3 redirects, 5 s for the whole chain, 5 MB, and a picture by its magic bytes.
 * Concurrent loads of one URL share a single download.
 */
export function createImageFetcher(options: ImageFetcherOptions = {}): ImageFetcher {
  const settings: Settings = { ...DEFAULTS, ...options, log: options.log ?? DEFAULTS.log };
  // Originals and scaled copies alike: a size budget in characters of data URI, and an age limit.
  const budget = {
    maxSize: settings.cacheSize,
    sizeCalculation: (image: InlineImage) => image.dataUri.length,
    ttl: settings.cacheTtlMs,
    // A download (or scaling) the cache evicts to make room still finishes for the requests waiting on it.
    ignoreFetchAbort: true,
  };
  const cache = new LRUCache<string, InlineImage>({
    ...budget,
    fetchMethod: (url) => traced('fetch picture', () => fetchImage(url, settings)),
  });
  const scaled = new LRUCache<string, InlineImage, { url: string; fit: Fit }>({
    ...budget,
    fetchMethod: async (_key, _stale, { context }) => {
      const original = await cache.fetch(context.url);
      return original && heldPicture(original, context.fit);
    },
  });
  return {
    async load(url, field, fit) {
      let refusal: ImageFetchError;
      try {
        const image = fit
          ? await scaled.fetch(`${fit.width}x${fit.height}${fit.exact ? '=' : '>'}${fit.format} ${url}`, {
              context: { url, fit },
            })
          : await cache.fetch(url);
        if (image) return image;
        refusal = new ImageFetchError('the download was cancelled');
      } catch (error) {
        if (!(error instanceof ImageFetchError)) throw error;
        refusal = error;
      }
      settings.log({
        field,
        host: URL.canParse(url) ? new URL(url).host : '',
        failure: refusal.failure,
        cause: refusal.message,
      });
      const issue = refusal.failure === 'tooLarge' ? tooLargeIssue(settings.maxBytes) : FAILURE_ISSUES[refusal.failure];
      throw new ApiError('IMAGE_FETCH_FAILED', `${field} ${issue}`, [{ field, issue }]);
    },
  };
}

const tooLargeIssue = (maxBytes: number) =>
  `is too large: pictures may be at most ${Number((maxBytes / 1024 / 1024).toFixed(2))} MB, ${MAX_SIDE} pixels ` +
  `on a side and ${MAX_PIXELS_TEXT}`;

export const imageFetcherFromEnv = (log?: ImageFetcherOptions['log']): ImageFetcher =>
  createImageFetcher({ allowHosts: parseAllowHosts(process.env.IMAGE_FETCH_ALLOW_HOSTS), log });

async function fetchImage(address: string, settings: Settings): Promise<InlineImage> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new ImageFetchError(`timed out after ${settings.timeoutMs / 1000} s`)),
    settings.timeoutMs,
  );
  try {
    let url = checkedUrl(address, 'the URL');
    for (let redirects = 0; ; redirects += 1) {
      const allowPrivate = settings.allowHosts.has(hostPort(url));
      const literal = ipLiteral(url.hostname);
      if (literal && !allowPrivate && !isPublicAddress(literal)) throw privateAddressError(literal);

      const lookup = guardedLookup(settings.resolve, allowPrivate);
      const hop = await downloadOnce(url, { signal: controller.signal, maxBytes: settings.maxBytes, lookup });
      if (hop.body) return await inline(hop.body);
      if (hop.location === undefined) throw new ImageFetchError(`the image host answered ${hop.status}`);
      if (redirects >= settings.maxRedirects) throw new ImageFetchError(`more than ${settings.maxRedirects} redirects`);
      url = checkedUrl(
        URL.canParse(hop.location, url.href) ? new URL(hop.location, url).href : '',
        'a redirect target',
      );
    }
  } finally {
    clearTimeout(timer);
  }
}

function checkedUrl(address: string, what: string): URL {
  const problem = urlProblem(address);
  if (problem) throw new ImageFetchError(`${what} ${problem}`);
  return new URL(address);
}

async function inline(body: Buffer): Promise<InlineImage> {
  const mime = sniffImageType(body);
  if (!mime) throw new ImageFetchError('the response is not a PNG, JPEG, GIF or WebP image', 'notPicture');
  const size = pixelSize(body, mime);
  // Every frame too, before anything decodes the picture: a PNG answer decodes its first frame, a browser every one.
  const refusal = sizeRefusal(size) ?? frameRefusal(body, mime);
  if (refusal) throw refusal;
  if (cutShort(body, mime))
    throw new ImageFetchError(
      `the ${mime.slice('image/'.length).toUpperCase()} picture is cut short: it ends before its last part`,
      'notPicture',
    );
  // sizeRefusal refuses a picture whose header states no size. A WebP is kept as it came: it is
  // made drawable for resvg where a PNG answer draws it (scaledPicture.ts).
  return inlineImage(body, mime, size as PixelSize);
}
