import * as z from 'zod/mini';
import { decimal, integer } from '../params';
import { pictureQuery } from '../schemas/picture';
import { defineRoute } from '../types';
import { EXAMPLE_PICTURE } from '../examples';

/** What a filter route draws: the picture's title, and which query parameter is the effect's strength. */
export interface FilterEffect {
  title: string;
  strength: string;
}

/**
 * A filter route: the picture's parameters and the effect's one strength (`{ amount: schema }`),
 * with the example's strength. The filters group draws it with the effect of the route's name
 * (shared/svg/filters.ts), so a new filter is that effect, an entry here and its test.
 */
function filterRoute<const K extends string, S extends z.ZodMiniType<number, unknown>>(entry: {
  path: string;
  summary: string;
  title: string;
  strength: { [key in K]: S };
  example: string;
}) {
  const [strength] = Object.keys(entry.strength) as [K];
  const route = defineRoute({
    method: 'GET',
    path: entry.path,
    group: 'filters',
    auth: 'apiKey',
    response: 'svg',
    summary: entry.summary,
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: z.object({ ...pictureQuery, ...entry.strength }) },
    example: { query: { image: EXAMPLE_PICTURE, [strength]: entry.example } },
  });
  const effect: FilterEffect = { title: entry.title, strength };
  return { ...route, effect };
}

/** The filters group's routes (functions/filters/): its part of the route table (table.ts). */
export const filterRoutes = {
  contrast: filterRoute({
    path: '/v1/images/filters/contrast',
    summary: 'The picture with its contrast changed (`amount` 0..5, 1 = unchanged)',
    title: 'Contrast',
    strength: { amount: z._default(decimal(0, 5), 1.5) },
    example: '2',
  }),
  hueRotate: filterRoute({
    path: '/v1/images/filters/hue-rotate',
    summary: 'The picture with its hues rotated by `degrees`',
    title: 'Hue rotation',
    strength: { degrees: z._default(decimal(-360, 360), 180) },
    example: '120',
  }),
  pixelate: filterRoute({
    path: '/v1/images/filters/pixelate',
    summary: 'The picture pixelated into flat blocks of `size` pixels',
    title: 'Pixelated',
    strength: { size: z._default(integer(2, 128), 16) },
    example: '32',
  }),
  saturate: filterRoute({
    path: '/v1/images/filters/saturate',
    summary: 'The picture with its saturation changed (`amount` 0..10, 0 = grey)',
    title: 'Saturation',
    strength: { amount: z._default(decimal(0, 10), 2) },
    example: '3',
  }),
  sepia: filterRoute({
    path: '/v1/images/filters/sepia',
    summary: 'The picture in sepia tones (`amount` 0..1, 0 = unchanged)',
    title: 'Sepia',
    strength: { amount: z._default(decimal(0, 1), 1) },
    example: '0.8',
  }),
};
