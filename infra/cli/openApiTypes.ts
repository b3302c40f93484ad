import openapiTS, { astToString } from 'openapi-typescript';

/**
 * The TypeScript types openapi-typescript generates from an OpenAPI document, as a client's build
 * would have them. Called through the Node API with its own rules (Redocly's minimal set, operation
 * ids unique): its command line reads the repository's redocly.yaml, whose strict rules refuse the
 * sign-in redirects, answered 302 by nature (the lint test holds the document to those rules).
 */
export async function openApiTypes(document: object): Promise<string> {
  return astToString(await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0], { silent: true }));
}
