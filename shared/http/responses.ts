import { createHash } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { successBody } from './envelope';

const IMAGE_CACHE_CONTROL = 'public, max-age=86400';

/** A bare SVG document. Output is deterministic, so its hash is a strong ETag. */
export function svgResponse(svg: string): APIGatewayProxyResult {
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
