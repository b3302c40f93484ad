import { svgResponse } from '../../shared/http/responses';
import type { PictureHandler } from '../../shared/runtime/pictureKit';
import { sizedPicture } from '../../shared/images/sizedPicture';
import type { InlineImage } from '../../shared/images/imageFetcher';
import type { Routes } from '../../shared/routes/table';
import { h, svgDocument } from '../../shared/svg/builder';
import { picture } from '../../shared/svg/picture';

/** The six stripes of the pride flag, top to bottom. */
export const PRIDE_STRIPES = ['#e40303', '#ff8c00', '#ffed00', '#008026', '#004dff', '#750787'];

export function renderPride({ image, width, height, opacity }: { image: InlineImage; width: number; height: number; opacity: number }): string {
  const stripe = height / PRIDE_STRIPES.length;
  return svgDocument(
    { width, height },
    h('title', {}, 'Pride flag overlay'),
    picture(image, { x: 0, y: 0, width, height }),
    h(
      'g',
      { opacity },
      // Each stripe overlaps the next by a pixel so no seam of the picture shows between them.
      PRIDE_STRIPES.map((fill, i) => h('rect', { x: 0, y: i * stripe, width, height: Math.min(height - i * stripe, stripe + 1), fill })),
    ),
  );
}

export const gay: PictureHandler<Routes['gay']> = async ({ query }, _context, { images }) =>
  svgResponse(renderPride({ ...(await sizedPicture(query, images)), opacity: query.opacity }));
