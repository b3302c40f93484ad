import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { routeList, type RouteEntry } from '../../shared/routes/table';
import { expectErrorEnvelope } from '../support/envelope';
import { startImageApi, type ImageApi } from '../support/imageApi';
import { redirectTo, samplePng, sendBody, type HostRoute } from '../support/imageHost';
import { call, rateHeaders } from '../support/localApi';
import { exampleRequest, pictureParams } from '../support/routeExamples';

/**
 * Image hosts that misbehave, behind every route that fetches a picture, through the local server
 * with its real 5 s timeout: each answer is a 400 IMAGE_FETCH_FAILED naming the field and the
 * reason, in time. All requests run at once, so the hanging hosts cost one timeout, not one each.
 */
const PNG = samplePng(32);
const CHUNK = Buffer.concat([PNG, Buffer.alloc(64 * 1024 - PNG.length)]);

/** Headers and half of a PNG, then the socket is cut (a reset) or closed (a body shorter than announced). */
const halfThen =
  (end: 'destroy' | 'end', headers: Record<string, string | number>): HostRoute =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', ...headers });
    response.write(PNG.subarray(0, PNG.length / 2), () => setTimeout(() => response.socket?.[end](), 20));
  };

/** A PNG that never ends: chunks for as long as the client reads (the 5 MB cap must cut it). */
const endless: HostRoute = (_request, response) => {
  response.writeHead(200, { 'content-type': 'image/png' });
  const pump = () => {
    while (!response.destroyed) if (!response.write(CHUNK)) return void response.once('drain', pump);
  };
  pump();
};

// A client learns the class of a failure only: a hang, a reset and a redirect loop read alike.
const UNREACHABLE = 'could not be fetched from its host';
const FAULTS: { name: string; path: string; route: HostRoute; issue: string }[] = [
  { name: 'accepts and never answers', path: '/hang', route: () => undefined, issue: UNREACHABLE },
  {
    name: 'resets the connection mid-body',
    path: '/reset',
    route: halfThen('destroy', { 'content-length': PNG.length }),
    issue: UNREACHABLE,
  },
  {
    name: 'sends a truncated PNG (fewer bytes than its Content-Length)',
    path: '/truncated',
    route: halfThen('end', { 'content-length': PNG.length }),
    issue: UNREACHABLE,
  },
  {
    name: 'sends a truncated chunked PNG (no last chunk)',
    path: '/truncated-chunked',
    route: halfThen('end', {}),
    issue: UNREACHABLE,
  },
  {
    name: 'sends random bytes as image/png',
    path: '/garbage',
    route: sendBody(Buffer.concat([Buffer.from([0]), randomBytes(4095)])),
    issue: 'is not a PNG, JPEG, GIF or WebP picture',
  },
  {
    name: 'sends an endless body',
    path: '/endless',
    route: endless,
    issue: 'is too large: pictures may be at most 5 MB, 8192 pixels on a side and 16.8 megapixels',
  },
  { name: 'redirects forever', path: '/loop', route: redirectTo('/loop'), issue: UNREACHABLE },
];

/** Every route that fetches a picture, and each of its picture parameters. */
const pictureRoutes: [RouteEntry, string][] = routeList.flatMap((route) =>
  pictureParams(route).map((param): [RouteEntry, string] => [route, param]),
);

let images: ImageApi;
beforeAll(async () => {
  images = await startImageApi(Object.fromEntries(FAULTS.map((fault) => [fault.path, fault.route])));
});
afterAll(() => images.close());

/** A route's example with each picture parameter's URL chosen by `picture`, asked of the local server. */
const ask = (route: RouteEntry, picture: (param: string) => string) =>
  call(`${images.api.url}${exampleRequest(route, picture).path}`, { key: images.key });

test('the routes under test are every image route that takes a picture, and each draws the good picture', async () => {
  // changemymind draws text only.
  expect(new Set(pictureRoutes.map(([route]) => route.id))).toEqual(
    new Set(routeList.filter((r) => r.response === 'svg' && r.id !== 'changeMyMind').map((r) => r.id)),
  );
  // Also loads every group's function, so the timings below are not a cold start's.
  for (const [route] of pictureRoutes)
    expect([route.id, (await ask(route, () => `${images.host.url}/cat.png`)).status]).toEqual([route.id, 200]);
});

test("every picture route answers 400 IMAGE_FETCH_FAILED in time, naming only the fault's class", async () => {
  const cases = FAULTS.flatMap((fault) =>
    pictureRoutes.map(([route, param]) => ({
      fault,
      route,
      param,
      url: `${images.host.url}${fault.path}?for=${route.id}.${param}`,
    })),
  );
  const outcomes = await Promise.all(
    cases.map(async ({ fault, route, param, url }) => {
      const started = performance.now();
      // Only this parameter points at the faulty host, with a query of its own, so no two loads share a download.
      const reply = await ask(route, (name) => (name === param ? url : `${images.host.url}/cat.png`));
      return { fault, route, param, reply, ms: performance.now() - started };
    }),
  );
  for (const { fault, route, param, reply, ms } of outcomes) {
    const label = `${route.id} ${param}, when the host ${fault.name}`;
    const message: string = reply.json?.error?.message ?? '';
    expect({ label, status: reply.status, message, inTime: ms < 6_000 }).toEqual({
      label,
      status: 400,
      message: `${param} ${fault.issue}`,
      inTime: true,
    });
    expectErrorEnvelope(reply, 400, 'IMAGE_FETCH_FAILED');
    expect(reply.json.error.details).toEqual([{ field: param, issue: fault.issue }]);
    rateHeaders(reply);
  }
  // The hosts were really asked: one request per case, plus the redirects that were followed.
  const asked = images.host.requests();
  for (const { url } of cases) expect(asked).toContain(url.slice(images.host.url.length));
  // The timeout is the fetcher's, not an accident of the others: the hanging cases took it whole.
  const hung = outcomes.filter((outcome) => outcome.fault.path === '/hang').map((outcome) => outcome.ms);
  expect(Math.min(...hung)).toBeGreaterThanOrEqual(4_900);
}, 20_000);
