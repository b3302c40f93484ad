import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { rgbaToPng } from '../raster/rgbaPng';
import { lazyLoad } from '../loading/lazyLoad';
import { ImageFetchError } from './fetchError';
import { imageBytes, inlineImage, type InlineImage } from './inlineImage';

/** Decoded pixels: straight RGBA, row by row (the shape of a browser's ImageData). */
interface Decoded {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}
type Decode = (bytes: ArrayBuffer) => Promise<Decoded>;
interface DecoderModule {
  default: Decode;
  init(module: unknown): Promise<void>;
}
// Node has WebAssembly; the project's type libraries (no DOM) do not describe it.
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> } };

/** The decoder's module and WebAssembly, loaded on the first WebP picture (most pictures are PNG, JPEG or GIF). */
const loadDecoder = lazyLoad(async (): Promise<Decode> => {
  const { default: decode, init } = (await import('@jsquash/webp/decode.js')) as unknown as DecoderModule;
  // Given the compiled module, the decoder never looks for its file by URL (it would fetch it in a browser's way).
  await init(await wasm.compile(readFileSync(createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm'))));
  return decode;
});

/**
 * A still WebP picture as a PNG; none for an animated one (browsers play it; resvg draws none of
 * it). resvg (our PNG renderer) draws PNG, JPEG and GIF but not WebP, which is what discord.js's
 * avatar URLs give by default: the fetcher decodes a WebP once per fit it is held for (cached with
 * the fetch). libwebp runs as WebAssembly (@jsquash/webp, from Google's Squoosh), sandboxed from
 * the process; its size was already vetted from the header (MAX_PIXELS) before any decoding.
 */
export async function webpAsPng(image: InlineImage): Promise<InlineImage | undefined> {
  const webp = imageBytes(image);
  if (isAnimatedWebp(webp)) return undefined;
  const decode = await loadDecoder();
  let decoded: Decoded;
  try {
    decoded = await decode(webp.buffer.slice(webp.byteOffset, webp.byteOffset + webp.length) as ArrayBuffer);
  } catch (error) {
    // A damaged WebP: libwebp refuses it.
    throw new ImageFetchError(`the WebP picture could not be decoded (${(error as Error).message})`, 'notPicture');
  }
  return inlineImage(await rgbaToPng(decoded.data, decoded.width, decoded.height), 'image/png', decoded);
}

/** An extended WebP whose header sets the animation flag (VP8X, flags byte bit 1). */
const isAnimatedWebp = (bytes: Uint8Array): boolean => String.fromCharCode(...bytes.subarray(12, 16)) === 'VP8X' && ((bytes[20] ?? 0) & 0x02) !== 0;
