import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import type { RouteEntry } from '../../shared/routes/table';

export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_API_ID = 'local';
export const LOCAL_STAGE = 'v1';
const REGION = 'us-east-1';

/** The parts of an HTTP request that API Gateway hands to authorizers and functions. */
export interface IncomingRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
  query: Record<string, string> | null;
  multiValueQuery: Record<string, string[]> | null;
  sourceIp: string;
  requestId: string;
  /**
   * When the request arrived (epoch ms): API Gateway stamps it once, and the authorizer and the function see the same.
   */
  requestTimeEpoch: number;
}

export function describeRequest(req: IncomingMessage, url: URL, requestId: string): IncomingRequest {
  const multiValueHeaders = groupPairs(
    Array.from({ length: req.rawHeaders.length / 2 }, (_, i) => [
      req.rawHeaders[2 * i] as string,
      req.rawHeaders[2 * i + 1] as string,
    ]),
  );
  // As in API Gateway REST APIs: the single-value maps hold the last value of a repeated name.
  // As API Gateway does, the scheme and port the client used are passed on, unless a proxy in front already said.
  forwarded(multiValueHeaders, 'X-Forwarded-Proto', 'http');
  forwarded(multiValueHeaders, 'X-Forwarded-Port', String(req.socket.localPort));
  const headers = Object.fromEntries(
    Object.entries(multiValueHeaders).map(([name, values]) => [name, values.at(-1) as string]),
  );
  const multiValueQuery = groupPairs(url.searchParams);
  const hasQuery = Object.keys(multiValueQuery).length > 0;
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    headers,
    multiValueHeaders,
    query: hasQuery
      ? Object.fromEntries(Object.entries(multiValueQuery).map(([name, values]) => [name, values.at(-1) as string]))
      : null,
    multiValueQuery: hasQuery ? multiValueQuery : null,
    sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
    requestId,
    requestTimeEpoch: Date.now(),
  };
}

function forwarded(headers: Record<string, string[]>, name: string, value: string): void {
  if (!Object.keys(headers).some((present) => present.toLowerCase() === name.toLowerCase())) headers[name] = [value];
}

/** Groups name/value pairs by name. Own-property checks, since a client may send `__proto__` or
 * `constructor` as a name, which a plain object would otherwise resolve to inherited members. */
function groupPairs(pairs: Iterable<[string, string]>): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const [name, value] of pairs) {
    if (Object.hasOwn(grouped, name)) (grouped[name] as string[]).push(value);
    else Object.defineProperty(grouped, name, { value: [value], enumerable: true, writable: true, configurable: true });
  }
  return grouped;
}

export const methodArn = (request: IncomingRequest, route: RouteEntry) =>
  `arn:aws:execute-api:${REGION}:${LOCAL_ACCOUNT}:${LOCAL_API_ID}/${LOCAL_STAGE}/` +
  `${request.method}${route.path.replace(/\{\w+\}/g, '*')}`;

function requestContext(request: IncomingRequest, route: RouteEntry) {
  return {
    accountId: LOCAL_ACCOUNT,
    apiId: LOCAL_API_ID,
    stage: LOCAL_STAGE,
    requestId: request.requestId,
    resourcePath: route.path,
    resourceId: route.id,
    httpMethod: request.method,
    // The path as the client wrote it: the local server has no stage segment in its URLs.
    path: request.path,
    protocol: 'HTTP/1.1',
    requestTimeEpoch: request.requestTimeEpoch,
    identity: {
      sourceIp: request.sourceIp,
      userAgent: request.headers['User-Agent'] ?? request.headers['user-agent'] ?? null,
    },
  };
}

export function authorizerEvent(
  request: IncomingRequest,
  route: RouteEntry,
  pathParameters: Record<string, string> | null,
): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn: methodArn(request, route),
    resource: route.path,
    path: request.path,
    httpMethod: request.method,
    headers: request.headers,
    multiValueHeaders: request.multiValueHeaders,
    pathParameters,
    queryStringParameters: request.query,
    multiValueQueryStringParameters: request.multiValueQuery,
    stageVariables: null,
    requestContext: requestContext(request, route) as unknown as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}

export function proxyEvent(
  request: IncomingRequest,
  route: RouteEntry,
  pathParameters: Record<string, string> | null,
  body: Buffer,
  authorizer: Record<string, unknown> | null,
): APIGatewayProxyEvent {
  return {
    resource: route.path,
    path: request.path,
    httpMethod: request.method,
    headers: request.headers,
    multiValueHeaders: request.multiValueHeaders,
    queryStringParameters: request.query,
    multiValueQueryStringParameters: request.multiValueQuery,
    pathParameters,
    stageVariables: null,
    // Every media type is binary (BINARY_MEDIA_TYPES), so API Gateway hands over every body base64-encoded.
    body: body.length === 0 ? null : body.toString('base64'),
    isBase64Encoded: body.length > 0,
    requestContext: {
      ...requestContext(request, route),
      authorizer,
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}
