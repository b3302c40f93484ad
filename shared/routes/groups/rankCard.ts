import { rankCardQuery } from '../schemas/rankCard';
import { defineRoute } from '../types';
import { EXAMPLE_PICTURE } from '../examples';

/** The rank-card group's routes (functions/rank-card/): its part of the route table (table.ts). */
export const rankCardRoutes = {
  rankCard: defineRoute({
    method: 'GET',
    path: '/v1/images/rank-card',
    group: 'rank-card',
    auth: 'apiKey',
    response: 'svg',
    summary: 'A rank card with level, XP progress, rank, avatar and presence',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: rankCardQuery },
    example: {
      query: {
        username: 'Ada Lovelace',
        level: '42',
        xp: '1234',
        requiredXp: '5000',
        rank: '3',
        avatar: EXAMPLE_PICTURE,
        status: 'online',
        theme: 'dark',
      },
    },
  }),
};
