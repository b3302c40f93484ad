import { gayQuery, ripQuery } from '../schemas/overlays';
import { pictureOnlyQuery } from '../schemas/picture';
import { defineRoute } from '../types';
import { EXAMPLE_PICTURE } from '../examples';

/** The overlays group's routes (functions/overlays/): its part of the route table (table.ts). */
export const overlayRoutes = {
  jail: defineRoute({
    method: 'GET',
    path: '/v1/images/overlays/jail',
    group: 'overlays',
    auth: 'apiKey',
    response: 'svg',
    summary: 'A picture behind jail bars, scaled to the requested size',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: pictureOnlyQuery },
    example: { query: { image: EXAMPLE_PICTURE } },
  }),
  gay: defineRoute({
    method: 'GET',
    path: '/v1/images/overlays/gay',
    group: 'overlays',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The pride flag over the picture, with `opacity` 0..1',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: gayQuery },
    example: { query: { image: EXAMPLE_PICTURE, opacity: '0.4' } },
  }),
  rip: defineRoute({
    method: 'GET',
    path: '/v1/images/overlays/rip',
    group: 'overlays',
    auth: 'apiKey',
    response: 'svg',
    summary: 'A gravestone with the picture and an optional epitaph',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: ripQuery },
    example: { query: { image: EXAMPLE_PICTURE, text: 'Here lies my free time' } },
  }),
};
