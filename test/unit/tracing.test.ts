import { describe, expect, test } from '@jest/globals';

// Powertools' Tracer traces only in Lambda (AWS_EXECUTION_ENV); set before the tracing module loads it.
process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs22.x';
const { tracer, tracingOn } = await import('../../shared/observability/tracing');
const { createDocumentClient } = await import('../../shared/store/client');

const middlewareNames = (client: { middlewareStack: { identify(): string[] } }) => client.middlewareStack.identify();

describe('tracing', () => {
  test('is on in Lambda unless POWERTOOLS_TRACE_ENABLED is false, and off elsewhere', () => {
    expect(tracingOn({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' })).toBe(true);
    expect(tracingOn({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'false' })).toBe(false);
    expect(tracingOn({})).toBe(false);
    expect(tracer?.isTracingEnabled()).toBe(true);
  });

  test("the store's DynamoDB client is captured (its calls are the trace's subsegments)", () => {
    const client = createDocumentClient({ region: 'us-east-1', tableName: 'traced' } as Parameters<
      typeof createDocumentClient
    >[0]);
    expect(middlewareNames(client).join(' ')).toContain('XRaySDKInstrumentation');
  });
});
