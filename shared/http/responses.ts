import { createHash } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { successBody } from './envelope';
import { ApiError } from '../errors/apiError';

// Private: an image answer is per key (its quota and rate headers), so no shared cache may keep it;
// the caller's own cache revalidates it by ETag.
const IMAGE_CACHE_CONTROL = 'private, max-age=86400';
/** What a Lambda may return (6 MB), less room for headers and the JSON it is wrapped in. */
export const MAX_RESPONSE_BYTES = 6 * 1024 * 1024 - 64 * 1024;

/**
 * Inlined pictures can push an image past what a Lambda may return; that is the caller's picture
 * being too large, so it is a 400 that says so here and in AWS alike, not a gateway 502.
 */
function refuseOversized(size: number, what: string): void {
  if (size <= MAX_RESPONSE_BYTES) return;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  throw new ApiError(
    'IMAGE_FETCH_FAILED',
    `The pictures are too large to inline: the ${what} would be ${mb(size)} MB, over the ` +
      `${mb(MAX_RESPONSE_BYTES)} MB a response can carry; use smaller pictures`,
  );
}

/** Deterministic answers are their own validators: a hash of the body is a strong ETag. */
export const strongEtag = (body: string): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * An SVG answer that is sent as SVG must fit a Lambda answer (imageOutput checks it once the format
 * is known: one drawn as PNG is never sent, only its PNG, checked in pngResponse).
 */
export function refuseOversizedSvg(svg: string): void {
  const bytes = Buffer.byteLength(svg);
  // Quotes and backslashes are escaped once more in the JSON a Lambda answer travels in: at most
  // one more byte each, so they are counted only for a document near the limit.
  if (2 * bytes <= MAX_RESPONSE_BYTES) return;
  refuseOversized(bytes + (svg.match(/["\\]/g)?.length ?? 0), 'image');
}

/** A bare SVG document. Output is deterministic, so its hash is a strong ETag. */
export function svgResponse(svg: string): APIGatewayProxyResult {
  return {
    statusCode: 200,
    headers: {
      'Content-Type': SVG_TYPE,
      'Cache-Control': IMAGE_CACHE_CONTROL,
      ETag: strongEtag(svg),
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened directly in a browser must not run anything, whatever it contains.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    },
    body: svg,
  };
}

export const SVG_TYPE = 'image/svg+xml; charset=utf-8';

/**
 * The PNG form of an SVG response: same caching headers, and the SVG's ETag with a suffix, so it
 * revalidates without rasterising. The suffix names the renderer's revision: bump it when resvg,
 * the fonts or the encoder change what a document rasterises to, so caches let old pictures go.
 */
const RASTER_REVISION = 'png4';
export const pngEtag = (svgEtag: string): string => `${svgEtag.slice(0, -1)}-${RASTER_REVISION}"`;

export function pngResponse(svgAnswer: APIGatewayProxyResult, png: Buffer): APIGatewayProxyResult {
  const body = png.toString('base64');
  refuseOversized(body.length, 'PNG');
  return { statusCode: 200, headers: pngHeaders(svgAnswer), body, isBase64Encoded: true };
}

/**
 * The headers of the PNG drawn from an SVG answer (also what its 304
 * carries): the SVG's, less its CSP, with the PNG's type and ETag.
 */
export function pngHeaders(svgAnswer: APIGatewayProxyResult): Record<string, string | number | boolean> {
  const { 'Content-Security-Policy': _csp, ...headers } = svgAnswer.headers ?? {};
  return { ...headers, 'Content-Type': 'image/png', ETag: pngEtag(String(headers.ETag)) };
}

export function jsonResponse(data: unknown, requestId: string, statusCode = 200): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: successBody(data, requestId),
  };
}
