import { createHash } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { successBody } from './envelope';
import { ApiError } from './errors';

const IMAGE_CACHE_CONTROL = 'public, max-age=86400';
/** What a Lambda may return (6 MB), less room for headers and the JSON it is wrapped in. */
export const MAX_SVG_BYTES = 6 * 1024 * 1024 - 64 * 1024;

/**
 * A bare SVG document. Output is deterministic, so its hash is a strong ETag. Inlined pictures
 * can push a document past what a Lambda may return; that is the caller's picture being too
 * large, so it is a 400 that says so here and in AWS alike, not a gateway 502.
 */
export function svgResponse(svg: string): APIGatewayProxyResult {
  const size = Buffer.byteLength(svg) + (svg.match(/["\\]/g)?.length ?? 0);
  if (size > MAX_SVG_BYTES) {
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    throw new ApiError('IMAGE_FETCH_FAILED', `The pictures are too large to inline: the image would be ${mb(size)} MB, over the ${mb(MAX_SVG_BYTES)} MB a response can carry; use smaller pictures`);
  }
  return {
    statusCode: 200,
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': IMAGE_CACHE_CONTROL,
      ETag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`,
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened directly in a browser must not run anything, whatever it contains.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    },
    body: svg,
  };
}

export function jsonResponse(data: unknown, requestId: string, statusCode = 200): APIGatewayProxyResult {
  return { statusCode, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: successBody(data, requestId) };
}
