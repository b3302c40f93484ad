import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiContactFromEnv } from '../../shared/openapi/contact';
import type { OpenApiDocument } from '../../shared/openapi/document';

/**
 * The document `npm run openapi` wrote, the one the linters check, served as it is but for its server:
 * generating it here would ship the schema converter for nothing. A file beside the bundle
 * (OPENAPI_DOCUMENT), parsed on the first request, so the bundle stays small.
 */
let built: OpenApiDocument | undefined;
const documentFile = () =>
  process.env.OPENAPI_DOCUMENT || fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

export const servedDocument = (serverUrl: string): OpenApiDocument => {
  built ??= JSON.parse(readFileSync(documentFile(), 'utf8')) as OpenApiDocument;
  return { ...built, info: { ...built.info, contact: apiContactFromEnv() }, servers: [{ url: serverUrl }] };
};
