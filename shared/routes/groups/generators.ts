import { changeMyMindQuery, distractedQuery } from '../schemas/generators';
import { pictureOnlyQuery } from '../schemas/picture';
import { defineRoute } from '../types';
import { EXAMPLE_PICTURE } from '../examples';

/** The generators group's routes (functions/generators/): its part of the route table (table.ts). */
export const generatorRoutes = {
  changeMyMind: defineRoute({
    method: 'GET',
    path: '/v1/images/generators/changemymind',
    group: 'generators',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The "change my mind" meme: a person at a table with your text on the sign',
    schemas: { query: changeMyMindQuery },
    example: { query: { text: 'Tabs are better than spaces' } },
  }),
  deleteDialog: defineRoute({
    method: 'GET',
    path: '/v1/images/generators/delete',
    group: 'generators',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The "delete this?" dialog with the picture as the file',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: pictureOnlyQuery },
    example: { query: { image: EXAMPLE_PICTURE } },
  }),
  trash: defineRoute({
    method: 'GET',
    path: '/v1/images/generators/trash',
    group: 'generators',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The picture thrown into a bin',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: pictureOnlyQuery },
    example: { query: { image: EXAMPLE_PICTURE } },
  }),
  distracted: defineRoute({
    method: 'GET',
    path: '/v1/images/generators/distracted',
    group: 'generators',
    auth: 'apiKey',
    response: 'svg',
    summary: 'The distracted boyfriend; each of `boyfriend`, `girlfriend`, `other` is a label or a picture URL',
    errors: ['IMAGE_FETCH_FAILED'],
    schemas: { query: distractedQuery },
    example: { query: { boyfriend: 'Me', girlfriend: 'My project', other: EXAMPLE_PICTURE } },
  }),
};
