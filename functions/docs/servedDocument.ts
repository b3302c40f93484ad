import built from '../../docs/openapi.json';
import type { OpenApiDocument } from '../../shared/openapi/document';

/**
 * The document `npm run openapi` wrote from the route table and the group manifests, the one the
 * linters check (a test keeps it current), served as it is but for the server a request reached.
 * Generating it here would ship the schema converter in this function for nothing.
 */
export const servedDocument = (serverUrl: string): OpenApiDocument => ({ ...(built as OpenApiDocument), servers: [{ url: serverUrl }] });
