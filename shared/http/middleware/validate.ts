import * as z from 'zod/mini';
import '../../errors/zodMessages';
import { imageOutputQuery } from '../../routes/schemas/imageOutput';
import { basePathOf } from '../basePath';
import { requestUrl } from '../requestUrl';
import type { RouteDefinition } from '../../routes/types';
import { ApiError, type FieldIssue } from '../../errors/apiError';
import type { ApiMiddleware } from './types';

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Parses path, query and body against the route's zod schemas and hands the typed result to the
 * handler as `context.input` (and an image route's requested `format` to
 * imageOutput). Every problem is reported, each with its field, in one 400.
 */
export function validate(route: RouteDefinition): ApiMiddleware {
  return {
    before: (request) => {
      const { event } = request;
      const issues: FieldIssue[] = [];
      let missingOnly = true;
      const parse = <S extends z.core.$ZodType>(
        schema: S | undefined,
        raw: unknown,
        prefix: string,
      ): z.output<S> | undefined => {
        if (!schema) return undefined;
        const result = z.safeParse(schema, raw);
        if (result.success) return result.data;
        for (const issue of result.error.issues) {
          const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || 'body';
          // 'is required', or a rule like 'at least one of a, b, c is required'.
          if (!issue.message.endsWith('is required')) missingOnly = false;
          issues.push({ field, issue: issue.message });
        }
        return undefined;
      };

      const path = parse(route.schemas.path, event.pathParameters ?? {}, '');
      const query = parse(route.schemas.query, event.queryStringParameters ?? {}, '');
      const output =
        route.response === 'svg' ? parse(imageOutputQuery, event.queryStringParameters ?? {}, '') : undefined;
      const body = route.schemas.body ? parse(route.schemas.body, readJsonBody(route, event), 'body') : undefined;
      const url = requestUrl(event);
      const raw = {
        body: route.rawBody ? bodyText(route, event) : '',
        headers: event.headers ?? {},
        basePath: basePathOf(event),
        ...(url ? { url } : {}),
        sourceIp: event.requestContext?.identity?.sourceIp ?? 'unknown',
      };

      if (issues.length > 0) {
        const first = issues[0] as FieldIssue;
        // A JSON body that parses but breaks its schema is INVALID_BODY; parameters are *_PARAMETER.
        const inBody = issues.every((issue) => issue.field === 'body' || issue.field.startsWith('body.'));
        throw new ApiError(
          inBody ? 'INVALID_BODY' : missingOnly ? 'MISSING_PARAMETER' : 'INVALID_PARAMETER',
          `${first.field} ${first.issue}`,
          issues,
        );
      }
      request.context.input = { path, query, body, raw };
      request.context.imageFormat = output?.format;
    },
  };
}

type BodyEvent = { body: string | null; isBase64Encoded: boolean; headers: Record<string, string | undefined> | null };

/** The body's bytes, refused with 413 above the route's limit. */
function bodyBytes(route: RouteDefinition, event: BodyEvent): Buffer {
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  const limit = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (bytes.length > limit) throw new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`);
  return bytes;
}

/**
 * The body as text; bytes that are not UTF-8 are refused rather than silently replaced (signatures cover the bytes).
 */
function bodyText(route: RouteDefinition, event: BodyEvent): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bodyBytes(route, event));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('INVALID_BODY', 'Request body is not valid UTF-8');
  }
}

function readJsonBody(route: RouteDefinition, event: BodyEvent) {
  const bytes = bodyBytes(route, event);
  if (bytes.length === 0) throw new ApiError('INVALID_BODY', 'A JSON request body is required');
  const type = (event.headers?.['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json')
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  let illFormed = false;
  let parsed: unknown;
  try {
    // JSON's \uD800 escapes can spell half a character, which UTF-8 (DynamoDB's strings, our answers) cannot hold.
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes), (key, value: unknown) => {
      if (!key.isWellFormed() || (typeof value === 'string' && !value.isWellFormed())) illFormed = true;
      return value;
    });
  } catch {
    throw new ApiError('INVALID_BODY', 'Request body is not valid UTF-8 JSON');
  }
  if (illFormed)
    throw new ApiError(
      'INVALID_BODY',
      'Request body has a \\u escape of half a character (a lone surrogate): text must be whole Unicode characters',
    );
  return parsed;
}
