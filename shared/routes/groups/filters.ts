import * as z from 'zod/mini';
import { decimal, integer } from '../params';
import { pictureQuery } from '../schemas/picture';
import { defineRoute } from '../types';
import { EXAMPLE_PICTURE } from '../examples';

/**
 * The filters group's routes (functions/filters/): its part of the route table (table.ts). Each
 * filter's query is written in its entry: the picture's parameters and the effect's own.
 */
export const filterRoutes = {
  contrast: defineRoute({
    method: 'GET',
    path: '/v1/images/filters/contrast',
    group: 'filters',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The picture with its contrast changed (`amount` 0..5, 1 = unchanged)',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: z.object({ ...pictureQuery, amount: z._default(decimal(0, 5), 1.5) }) },
    example: { query: { image: EXAMPLE_PICTURE, amount: '2' } },
  }),
  hueRotate: defineRoute({
    method: 'GET',
    path: '/v1/images/filters/hue-rotate',
    group: 'filters',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The picture with its hues rotated by `degrees`',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: z.object({ ...pictureQuery, degrees: z._default(decimal(-360, 360), 180) }) },
    example: { query: { image: EXAMPLE_PICTURE, degrees: '120' } },
  }),
  pixelate: defineRoute({
    method: 'GET',
    path: '/v1/images/filters/pixelate',
    group: 'filters',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The picture pixelated into flat blocks of `size` pixels',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: z.object({ ...pictureQuery, size: z._default(integer(2, 128), 16) }) },
    example: { query: { image: EXAMPLE_PICTURE, size: '32' } },
  }),
  saturate: defineRoute({
    method: 'GET',
    path: '/v1/images/filters/saturate',
    group: 'filters',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The picture with its saturation changed (`amount` 0..10, 0 = grey)',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: z.object({ ...pictureQuery, amount: z._default(decimal(0, 10), 2) }) },
    example: { query: { image: EXAMPLE_PICTURE, amount: '3' } },
  }),
};
