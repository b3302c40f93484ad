import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startXrayDaemon, type SegmentDocument, type XrayDaemon } from '../support/xrayDaemon';

// The functions as Lambda runs them with active tracing: the tracer loads (AWS_EXECUTION_ENV), the
// X-Ray SDK takes the invocation's trace from _X_AMZN_TRACE_ID (LAMBDA_TASK_ROOT) and sends each
// subsegment as it closes to the daemon, here a UDP socket of this test. Set before the code loads.
const TRACE_ROOT = '1-67a1b2c3-0123456789abcdef01234567';
/** The invocation's segment (Lambda's own), the parent of the function's subsegments. */
const INVOCATION = '53995c3f42cd8ad8';
const daemon: XrayDaemon = await startXrayDaemon();
const AS_IN_LAMBDA = {
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  LAMBDA_TASK_ROOT: process.cwd(),
  AWS_LAMBDA_FUNCTION_NAME: 'chatbot-utility-api-traced',
  _X_AMZN_TRACE_ID: `Root=${TRACE_ROOT};Parent=${INVOCATION};Sampled=1`,
  AWS_XRAY_DAEMON_ADDRESS: daemon.address,
  // Quiet EMF: the metrics have a suite of their own (observabilityLeaks.test.ts).
  POWERTOOLS_METRICS_DISABLED: 'true',
};
Object.assign(process.env, AS_IN_LAMBDA);
const { tracer } = await import('../../shared/observability/tracing');
const { sha256Hex } = await import('../../shared/crypto/hash');
const { routeList } = await import('../../shared/routes/table');
const { exampleRequest, pictureParams } = await import('../support/routeExamples');
const { samplePng, sendBody, startImageHost } = await import('../support/imageHost');
const { call } = await import('../support/localApi');
const { RELAY_KEY, TOKEN, startRelayHarness } = await import('../support/relayHarness');

let harness: Awaited<ReturnType<typeof startRelayHarness>>;
let host: Awaited<ReturnType<typeof startImageHost>>;
let secrets: string[];
/** When the image request and the relayed delivery were made (seconds, as segment documents time). */
const spans: Record<'image' | 'delivery', { from: number; to: number }> = {
  image: { from: 0, to: 0 },
  delivery: { from: 0, to: 0 },
};
const during = async <T>(span: keyof typeof spans, work: () => Promise<T>): Promise<T> => {
  spans[span].from = Date.now() / 1000;
  const result = await work();
  spans[span].to = Date.now() / 1000;
  return result;
};

const SIGNING_SECRET = 'a-signing-secret-of-the-owner';

beforeAll(async () => {
  host = await startImageHost({ '/cat.png': sendBody(samplePng(48)) });
  harness = await startRelayHarness({ rateLimit: 1000, server: { imageFetchAllowHosts: host.hostPort } });
  // An image that fetches a picture, drawn and rasterised (PNG asked for), with an API key.
  const route = routeList.find((entry) => entry.response === 'svg' && pictureParams(entry).length > 0);
  const request = exampleRequest(route!, () => `${host.url}/cat.png`);
  const image = await during('image', () =>
    call(`${harness.api.url}${request.path}`, { key: RELAY_KEY, headers: { accept: 'image/png' } }),
  );
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  // A delivery relayed to (the fake) Discord; then the webhook's signing secret stored with the key.
  const id = harness.hookId();
  expect((await during('delivery', () => harness.star(id))).status).toBeLessThan(300);
  expect(harness.discord.seen.length).toBeGreaterThan(0);
  expect((await harness.putSecrets(id, { github: SIGNING_SECRET })).status).toBe(200);
  secrets = [
    RELAY_KEY,
    `Bearer ${RELAY_KEY}`,
    sha256Hex(RELAY_KEY),
    TOKEN,
    sha256Hex(TOKEN),
    SIGNING_SECRET,
    harness.relayUrl(id, 'github'),
    `${harness.discord.apiBase}/webhooks/${id}/${TOKEN}`,
    `/webhooks/${id}/${TOKEN}`,
  ];
  await daemon.settled();
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await host?.close();
  await daemon.close();
  for (const name of Object.keys(AS_IN_LAMBDA)) delete process.env[name];
});

const within = (span: keyof typeof spans) => (document: SegmentDocument) =>
  Number(document.start_time) >= spans[span].from && Number(document.start_time) <= spans[span].to;
const named = (name: string, span: keyof typeof spans) =>
  daemon.documents().filter((document) => document.name === name && within(span)(document));

describe('what the functions send to X-Ray', () => {
  test("the image's subsegments: drawing (a picture fetched within it), then rasterising", () => {
    const [draw, ...moreDraws] = named('draw', 'image');
    const [rasterise] = named('rasterise', 'image');
    const [fetched] = named('fetch picture', 'image');
    expect(moreDraws).toEqual([]);
    expect(draw).toMatchObject({ type: 'subsegment', trace_id: TRACE_ROOT, parent_id: INVOCATION });
    expect(fetched).toMatchObject({ type: 'subsegment', trace_id: TRACE_ROOT, parent_id: draw?.id });
    expect(rasterise).toMatchObject({ type: 'subsegment', trace_id: TRACE_ROOT, parent_id: INVOCATION });
    expect(Number(rasterise?.start_time)).toBeGreaterThanOrEqual(Number(draw?.end_time));
    for (const document of [draw, fetched, rasterise]) expect(document?.error).toBeUndefined();
  });

  test("the delivery's post to Discord, a subsegment named without its URL", () => {
    const [posted] = named('discord', 'delivery');
    expect(posted).toMatchObject({ type: 'subsegment', trace_id: TRACE_ROOT, parent_id: INVOCATION });
    expect(posted?.http).toBeUndefined();
  });

  test("DynamoDB calls as AWS subsegments of the request's trace: the key's lookup, the limiter's write", () => {
    const calls = daemon.documents().filter((document) => document.name === 'DynamoDB' && within('image')(document));
    for (const document of calls)
      expect(document).toMatchObject({ namespace: 'aws', trace_id: TRACE_ROOT, aws: { table_name: 'e2e-table' } });
    expect(calls.map((document) => document.aws?.operation)).toEqual(expect.arrayContaining(['GetItem', 'UpdateItem']));
  });

  test('no API key, bearer value, webhook token, webhook URL or signing secret in any document sent', () => {
    const sent = daemon.raw().join('\n');
    expect(tracer?.isTracingEnabled()).toBe(true);
    expect(sent).toContain(TRACE_ROOT);
    for (const secret of secrets) expect({ secret, sent: sent.includes(secret) }).toEqual({ secret, sent: false });
  });
});
