import type { ImageFormat } from '../routes/schemas/imageOutput';
import { svgToPng } from '../raster/png';
import { API_METRICS, timed } from '../observability/metrics';
import { traced } from '../observability/tracing';
import { preferredType } from '../http/accept';
import { pngHeaders, pngResponse, refuseOversizedSvg, SVG_TYPE } from '../http/responses';
import { clientHolds } from '../http/middleware/conditionalGet';
import type { ApiMiddleware } from '../http/middleware/types';

const MEDIA_TYPES: Record<ImageFormat, string> = { svg: 'image/svg+xml', png: 'image/png' };

/**
 * Image routes draw SVG; this turns the answer into PNG when the client asks for it, by
 * `format=png` (validated with the route's parameters) or, without `format`, by an Accept header
 * that prefers image/png. A revalidation that matches the PNG's ETag is left for conditionalGet
 * to answer 304 before any pixel is drawn.
 */
export function imageOutput(): ApiMiddleware {
  return {
    // Decided before the handler draws, so it can size pictures for the output (pictureFit.ts).
    before: (request) => {
      request.context.outputFormat = request.context.imageFormat ?? negotiated(request.event.headers?.accept);
    },
    after: async (request) => {
      const { response, context, event } = request;
      if (response?.statusCode !== 200 || response.headers?.['Content-Type'] !== SVG_TYPE) return;
      const format = context.outputFormat ?? negotiated(event.headers?.accept);
      // Without `format` the answer depends on Accept, and shared caches must know it.
      if (!context.imageFormat) response.headers = { ...response.headers, Vary: 'Accept' };
      if (format === 'svg') return refuseOversizedSvg(response.body);
      const headers = pngHeaders(response);
      // conditionalGet answers 304 with these: the PNG's, as its 200 would carry them.
      if (clientHolds(event.headers?.['if-none-match'], String(headers.ETag))) {
        response.headers = headers;
        return;
      }
      const png = await traced('rasterise', () => timed(API_METRICS.pngTime, {}, () => svgToPng(response.body)));
      request.response = pngResponse(response, png);
    },
  };
}

const negotiated = (accept: string | undefined): ImageFormat =>
  preferredType(accept, [MEDIA_TYPES.svg, MEDIA_TYPES.png]) === MEDIA_TYPES.png ? 'png' : 'svg';
