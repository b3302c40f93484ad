import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { rgbaToPng } from '../raster/rgbaPng';
import { lazyLoad } from '../loading/lazyLoad';
import { ImageFetchError } from './fetchError';
import { imageBytes, inlineImage, type InlineImage } from './inlineImage';
import { riffChunk, riffChunks, webpFile } from './riff';

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
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> };
};

/** The decoder's module and WebAssembly, loaded on the first WebP picture (most pictures are PNG, JPEG or GIF). */
const loadDecoder = lazyLoad(async (): Promise<Decode> => {
  const { default: decode, init } = (await import('@jsquash/webp/decode.js')) as unknown as DecoderModule;
  // Given the compiled module, the decoder never looks for its file by URL (it would fetch it in a browser's way).
  await init(
    await wasm.compile(readFileSync(createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm'))),
  );
  return decode;
});

/**
 * A WebP picture as a PNG (an animated one by its first frame), because resvg draws no WebP and
 * Discord's avatar URLs give WebP by default. libwebp runs as sandboxed WebAssembly
 * (@jsquash/webp), after frameSizes.ts vetted every size against MAX_PIXELS.
 */
export async function webpAsPng(image: InlineImage): Promise<InlineImage | undefined> {
  const bytes = imageBytes(image);
  const webp = isAnimatedWebp(bytes) ? firstFrame(bytes) : bytes;
  if (!webp) return undefined;
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
export const isAnimatedWebp = (bytes: Uint8Array): boolean =>
  String.fromCharCode(...bytes.subarray(12, 16)) === 'VP8X' && ((bytes[20] ?? 0) & 0x02) !== 0;

/**
 * An animated WebP's first frame as a still WebP: the frame's image data (VP8L, or VP8 with its
 * ALPH alpha chunk under a VP8X header that says so) in a RIFF of its own, the frame's size its
 * canvas. Undefined when the file holds no such frame.
 */
export function firstFrame(webp: Uint8Array): Buffer | undefined {
  const frame = riffChunks(webp, 12, webp.length).find((found) => found.type === 'ANMF' && found.payload.length > 16);
  if (!frame) return undefined;
  const parts = riffChunks(frame.payload, 16, frame.payload.length);
  const image = parts.find((part) => part.type === 'VP8 ' || part.type === 'VP8L');
  if (!image) return undefined;
  const alpha = image.type === 'VP8 ' ? parts.find((part) => part.type === 'ALPH') : undefined;
  const still = riffChunk(image.type, image.payload);
  if (!alpha) return webpFile([still]);
  // VP8X: the alpha flag, then the canvas's width and height
  // less one, 24 bits each (the frame header's, bytes 6 to 11).
  const header = Buffer.alloc(10);
  header[0] = 0x10;
  header.set(frame.payload.subarray(6, 12), 4);
  return webpFile([riffChunk('VP8X', header), riffChunk('ALPH', alpha.payload), still]);
}
