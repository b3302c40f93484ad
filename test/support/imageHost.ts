import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { h, svgDocument } from '../../shared/svg/builder';
import { rasterize } from './raster';

/** A stand-in image host on 127.0.0.1: tests give it routes and read how often it was reached. */
export interface ImageHost {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** `127.0.0.1:<port>`, as IMAGE_FETCH_ALLOW_HOSTS names it. */
  hostPort: string;
  /** TCP connections accepted so far: proves that a refused URL was never contacted. */
  connections(): number;
  requests(): string[];
  close(): Promise<void>;
}

export type HostRoute = (request: IncomingMessage, response: ServerResponse) => void;

export async function startImageHost(routes: Record<string, HostRoute> = {}): Promise<ImageHost> {
  let connections = 0;
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const route = routes[new URL(request.url ?? '/', 'http://x').pathname];
    if (route) route(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.on('connection', (socket) => {
    connections += 1;
    socket.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hostPort: `127.0.0.1:${port}`,
    connections: () => connections,
    requests: () => [...requests],
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export const sendBody =
  (body: Buffer | string, contentType = 'image/png'): HostRoute =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) }).end(body);
  };

export const redirectTo =
  (location: string, status = 302): HostRoute =>
  (_request, response) => {
    response.writeHead(status, { location }).end();
  };

/** A real PNG: four coloured quadrants, so a rendered picture is recognisable in pixels. */
export function samplePng(size = 64, colors = ['#e53935', '#43a047', '#1e88e5', '#fdd835']): Buffer {
  const half = size / 2;
  const quadrants = colors.map((fill, i) => h('rect', { x: (i % 2) * half, y: Math.floor(i / 2) * half, width: half, height: half, fill }));
  return rasterize(svgDocument({ width: size, height: size }, quadrants)).png;
}

/** A real PNG where no two neighbouring pixels are alike: red to blue across, white fading down. */
export function gradientPng(size = 128): Buffer {
  const stops = (id: string, attrs: Record<string, number>, from: string, to: string, toOpacity = 1) =>
    h('linearGradient', { id, ...attrs }, h('stop', { offset: 0, 'stop-color': from }), h('stop', { offset: 1, 'stop-color': to, 'stop-opacity': toOpacity }));
  return rasterize(
    svgDocument(
      { width: size, height: size },
      h('defs', {}, stops('across', {}, '#ff0000', '#0000ff'), stops('down', { x2: 0, y2: 1 }, '#ffffff', '#00ff00', 0.3)),
      h('rect', { width: size, height: size, fill: 'url(#across)' }),
      h('rect', { width: size, height: size, fill: 'url(#down)', opacity: 0.6 }),
    ),
  ).png;
}

/** The first bytes of each accepted format, enough for the magic-byte check. */
export const MAGIC = {
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  gif: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
};
