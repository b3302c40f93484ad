import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyResult,
  APIGatewayRequestAuthorizerEvent,
  Context,
} from 'aws-lambda';
import type { DenyContext } from '../../shared/access/authorizer';
import { activeKey } from '../../shared/access/keys';
import { rateLimitHeaders, unavailableDecision } from '../../shared/access/rateLimiter';
import { beyondRequestBudget, withinRequestBudget } from '../../shared/aws/requestBudget';
import { errorBody } from '../../shared/http/envelope';
import {
  gatewayMessage,
  gatewayResponses,
  methodNotAllowed,
  type GatewayResponseType,
} from '../../shared/http/gatewayResponses';
import { apiBaseUrl } from '../../shared/http/requestUrl';
import type { LambdaHandler } from '../../shared/runtime/middlewareChain';
import type { RouteEntry } from '../../shared/routes/table';
import type { ApiKeyStore } from '../../shared/store';
import type { FunctionGroup } from '../../shared/routes/table';
import { type AuthorizerCache, allows } from './authorizerCache';
import { authorizerEvent, describeRequest, methodArn, proxyEvent, type IncomingRequest } from './proxyEvent';
import { createRouter } from './routing';

/** API Gateway's own payload limit. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  routes: RouteEntry[];
  authorizer: (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;
  loadGroup: (group: FunctionGroup) => Promise<LambdaHandler>;
  cache: AuthorizerCache;
  /** The quota, for the headers of answers given when the limiter cannot be asked. */
  rateLimit: number;
  /**
   * API Gateway's usage-plan check: whether the API key an allow names (its usageIdentifierKey)
   * may still be used. Asked for cached allows, so a key revoked since is refused at once.
   */
  keyEnabled: (usageIdentifierKey: string) => Promise<boolean>;
}

/**
 * Emulates the REST API in front of the functions: resource matching (404/405), payload limit,
 * the Lambda authorizer with its result cache, gateway responses in our envelope, and Lambda proxy
 * integration, so the very same handler code runs here as in AWS.
 */
export function createGateway(options: GatewayOptions) {
  const route = createRouter(options.routes);

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const requestId = randomUUID();
    try {
      // Parsed as a path on our host: a request target like `//other/x` must not become a host name.
      const target = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
      const request = describeRequest(req, new URL(`http://localhost${target}`), requestId);
      const match = route(request.method, request.path);
      if (match.kind === 'notFound') {
        req.resume();
        return gatewayReply(res, 'MISSING_AUTHENTICATION_TOKEN', requestId, {
          message: `No route ${request.method} ${request.path}`,
        });
      }
      if (match.kind === 'probe') {
        req.resume();
        res.writeHead(200, { 'X-Request-Id': requestId }).end();
        return;
      }
      if (match.kind === 'methodNotAllowed') {
        req.resume();
        return writeResult(res, methodNotAllowed(request.method, match.allow, requestId));
      }
      const body = await readBody(req, MAX_REQUEST_BYTES);
      if (!body) {
        // Discard the rest for a moment so the client can read the 413, then cut it off.
        res.on('finish', () => {
          req.resume();
          setTimeout(() => req.socket.destroy(), 2000).unref();
        });
        return gatewayReply(res, 'REQUEST_TOO_LARGE', requestId, { headers: { Connection: 'close' } });
      }

      // The request's one budget for its AWS waiting, from the key
      // check to the function's last call: the authorizer and the
      // function, called here in this process, use it rather than
      // starting their own (in AWS, they split it: requestBudget.ts).
      await withinRequestBudget(async () => {
        let authorizer: Record<string, unknown> | null = null;
        if (match.route.auth === 'apiKey') {
          const outcome = await authorize(options, request, match.route, match.pathParameters);
          if ('reply' in outcome) return outcome.reply(res);
          authorizer = outcome.context;
        }

        // Loaded outside the budget: what a group sets up when loaded serves every later request, not this one's alone.
        const handler = await beyondRequestBudget(() => options.loadGroup(match.route.group));
        const event = proxyEvent(request, match.route, match.pathParameters, body, authorizer);
        let result: APIGatewayProxyResult;
        try {
          result = await handler(event, lambdaContext(match.route.group));
        } catch {
          return gatewayReply(res, 'DEFAULT_5XX', requestId);
        }
        writeResult(res, result);
      });
    } catch {
      if (!res.headersSent) gatewayReply(res, 'DEFAULT_5XX', requestId);
      else res.destroy();
    }
  };
}

/** The usage-plan check over the key store: a key may be used while it exists and is not revoked. */
export const keyEnabledIn =
  (apiKeys: ApiKeyStore) =>
  async (keyHash: string): Promise<boolean> =>
    activeKey(await apiKeys.getByHash(keyHash), keyHash).ok;

type AuthOutcome = { context: Record<string, unknown> } | { reply: (res: ServerResponse) => void };

async function authorize(
  options: GatewayOptions,
  request: IncomingRequest,
  route: RouteEntry,
  pathParameters: Record<string, string> | null,
): Promise<AuthOutcome> {
  const identity = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1] ?? '';
  // The same conservative numbers the functions send when the store is down.
  const unavailable = (): AuthOutcome => {
    const headers = rateLimitHeaders(unavailableDecision(options.rateLimit));
    return { reply: (res) => gatewayReply(res, 'AUTHORIZER_FAILURE', request.requestId, { headers }) };
  };
  let result = options.cache.get(identity);
  if (result?.usageIdentifierKey) {
    let enabled: boolean;
    try {
      enabled = await options.keyEnabled(result.usageIdentifierKey);
    } catch {
      return unavailable();
    }
    if (!enabled) {
      options.cache.forget(identity);
      const message = gatewayMessage(gatewayResponses.INVALID_API_KEY, apiBaseUrl(request));
      return { reply: (res) => gatewayReply(res, 'INVALID_API_KEY', request.requestId, { message }) };
    }
  }
  if (!result) {
    try {
      result = await options.authorizer(authorizerEvent(request, route, pathParameters));
    } catch {
      return unavailable();
    }
    options.cache.set(identity, result);
  }
  if (allows(result, methodArn(request, route)))
    return { context: { ...result.context, principalId: result.principalId } };

  const deny = (result.context ?? {}) as Partial<DenyContext>;
  const headers =
    deny.rateLimitLimit === undefined
      ? {}
      : rateLimitHeaders({
          allowed: false,
          limit: Number(deny.rateLimitLimit),
          remaining: Number(deny.rateLimitRemaining),
          reset: Number(deny.rateLimitReset),
          retryAfter: deny.rateLimitRetryAfter === undefined ? undefined : Number(deny.rateLimitRetryAfter),
        });
  const message = gatewayMessage(gatewayResponses.ACCESS_DENIED, apiBaseUrl(request), deny.message);
  return { reply: (res) => gatewayReply(res, 'ACCESS_DENIED', request.requestId, { message, headers }) };
}

function gatewayReply(
  res: ServerResponse,
  type: GatewayResponseType,
  requestId: string,
  extra: { message?: string; headers?: Record<string, string> } = {},
): void {
  const response = gatewayResponses[type];
  const body = errorBody(response.code, extra.message ?? response.message, requestId);
  res.writeHead(response.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': requestId,
    ...extra.headers,
  });
  res.end(body);
}

function writeResult(res: ServerResponse, result: APIGatewayProxyResult): void {
  // Text is written as the string it is: encoded once, into the socket, with no Buffer of its own.
  const body = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? '');
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = values.map(String);
  res.writeHead(result.statusCode, { ...headers, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** The body, or undefined once it passes `limit`: nothing past it is kept. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).pause();
      resolve(undefined);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData).on('end', onEnd).on('error', reject);
  });
}

function lambdaContext(group: FunctionGroup): Context {
  const fail = () => undefined;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${group}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:local-${group}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/local-${group}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 29_000,
    done: fail,
    fail,
    succeed: fail,
  };
}
