import type { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * On in Lambda (the stack turns X-Ray on) unless POWERTOOLS_TRACE_ENABLED is false; off elsewhere
 * (the local server, the tests), as Powertools' Tracer itself decides.
 */
export function tracingOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.AWS_EXECUTION_ENV !== undefined && env.POWERTOOLS_TRACE_ENABLED?.trim().toLowerCase() !== 'false';
}

/**
 * The tracer, loaded only where tracing is on: it brings the X-Ray SDK, whose context tracking
 * (async hooks) is work for nothing where no trace is sent. HTTP calls are not captured by it: a
 * captured request's URL would put a Discord webhook's token in the trace; ours are subsegments
 * of their own (`traced`), named, without URLs.
 */
async function loadTracer(): Promise<Tracer> {
  const { Tracer } = await import('@aws-lambda-powertools/tracer');
  return new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'chatbot-api', captureHTTPsRequests: false });
}

/** Loaded as the function starts, so clients made at import (the authorizer's store) are captured too. */
export const tracer: Tracer | undefined = tracingOn() ? await loadTracer() : undefined;

/** An AWS SDK v3 client whose calls appear in the trace (operation, service, time; never the request's data). */
export function captured<C>(client: C, by: Pick<Tracer, 'captureAWSv3Client'> | undefined = tracer): C {
  return by ? by.captureAWSv3Client(client) : client;
}

/**
 * `work` as a subsegment named `name` of the invocation's trace. A failure marks it as an error
 * without the error's message, which may quote a URL.
 */
export async function traced<T>(name: string, work: () => Promise<T>, by: Tracer | undefined = tracer): Promise<T> {
  const parent = by?.getSegment();
  if (!by || !parent) return work();
  const subsegment = parent.addNewSubsegment(name);
  by.setSegment(subsegment);
  try {
    return await work();
  } catch (error) {
    subsegment.addErrorFlag();
    throw error;
  } finally {
    subsegment.close();
    by.setSegment(parent);
  }
}
