import { PNG } from 'pngjs';
import type { Raster } from './raster';

/** Decodes a PNG (strictly: pngjs checks signature, CRCs and sizes) into RGBA rows. */
export function decodePng(png: Buffer): Raster {
  const image = PNG.sync.read(png);
  return { width: image.width, height: image.height, pixels: image.data, png };
}

/** Fetches a URL and keeps the body as bytes (image answers are binary). */
export async function fetchBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
