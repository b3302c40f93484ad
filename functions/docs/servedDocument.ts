import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiContactFromEnv } from '../../shared/openapi/contact';
import type { OpenApiDocument } from '../../shared/openapi/document';

/**
 * The document `npm run openapi` wrote from the route table and the group manifests, the one the
 * linters check (a test keeps it current), served as it is but for the server a request reached.
 * Generating it here would ship the schema converter in this function for nothing. It ships as a
 * file beside the bundle (OPENAPI_DOCUMENT; from the checkout otherwise), read and parsed on its
 * first request: as JSON text it parses faster than the same object compiled into the bundle, and
 * it keeps the bundle small.
 */
let built: OpenApiDocument | undefined;
const documentFile = () =>
  process.env.OPENAPI_DOCUMENT || fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

export const servedDocument = (serverUrl: string): OpenApiDocument => {
  built ??= JSON.parse(readFileSync(documentFile(), 'utf8')) as OpenApiDocument;
  return { ...built, info: { ...built.info, contact: apiContactFromEnv() }, servers: [{ url: serverUrl }] };
};
