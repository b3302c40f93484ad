import { strongEtag } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/runtime/groupKit';
import { servedDocument } from './servedDocument';
import type { Routes } from '../../shared/routes/table';

/**
 * GET /openapi.json: the document, with the server this request reached (its base path: `/prod`
 * on an execute-api URL). Generated once per base path; revalidated by ETag.
 */
const documents = new Map<string, { body: string; etag: string }>();

export const openApi: RouteHandler<Routes['openApi']> = async ({ raw }) => {
  let served = documents.get(raw.basePath);
  if (!served) {
    const body = JSON.stringify(servedDocument(raw.basePath || '/'));
    served = { body, etag: strongEtag(body) };
    documents.set(raw.basePath, served);
  }
  return {
    statusCode: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      ETag: served.etag,
      'Access-Control-Allow-Origin': '*',
    },
    body: served.body,
  };
};
