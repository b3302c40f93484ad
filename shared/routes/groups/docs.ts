import { defineRoute } from '../types';

/** The docs group's routes (functions/docs/): its part of the route table (table.ts). */
export const docsRoutes = {
  docsPage: defineRoute({
    method: 'GET',
    path: '/',
    group: 'docs',
    auth: 'none',
    response: 'html',
    summary: 'This page: the API reference, a live gallery of every image route, and a form to try them with your key',
    schemas: {},
    example: {},
  }),
  openApi: defineRoute({
    method: 'GET',
    path: '/openapi.json',
    group: 'docs',
    auth: 'none',
    response: 'openapi',
    summary: 'The OpenAPI 3.1 document of this API, generated from its route table',
    schemas: {},
    example: {},
  }),
};
