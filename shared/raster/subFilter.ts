import { WASM_BASE64 } from './subFilterModule';

interface SubFilter {
  memory: WebAssembly.Memory;
  subRows: (input: number, output: number, stride: number, rows: number, premultiplied: number) => void;
}

/** Pixels are filtered a band of rows at a time, so the module's memory stays near 2 MB whatever the picture. */
const BAND_BYTES = 1 << 20;
/** Where a band's pixels go: the filter reads 4 bytes before a band's first pixel. */
const INPUT_AT = 16;
/** Room for the module's reads and writes past an area's end (subFilter.wat). */
const SLACK = 16;
const PAGE = 65_536;

let instance: SubFilter | undefined;
/** Compiled at the first PNG (a few microseconds), once per process. */
const subFilter = (): SubFilter =>
  (instance ??= new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(WASM_BASE64, 'base64')))
    .exports as unknown as SubFilter);

/**
 * RGBA pixels as PNG rows, each its Sub filter byte then each byte minus the same byte of the pixel
 * to its left; premultiplied pixels are made straight on the way (subFilter.wat). Synchronous, so
 * concurrent encodings never share the module's memory.
 */
export function subFilteredRows(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  premultiplied: boolean,
): Buffer {
  const stride = width * 4;
  const band = Math.max(1, Math.floor(BAND_BYTES / stride));
  const outputAt = INPUT_AT + band * stride + SLACK;
  const { memory, subRows } = subFilter();
  const needed = outputAt + band * (stride + 1) + SLACK;
  if (memory.buffer.byteLength < needed) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
  const rows = Buffer.allocUnsafe((stride + 1) * height);
  for (let y = 0; y < height; y += band) {
    const count = Math.min(band, height - y);
    new Uint8Array(memory.buffer, INPUT_AT, count * stride).set(pixels.subarray(y * stride, (y + count) * stride));
    subRows(INPUT_AT, outputAt, stride, count, premultiplied ? 1 : 0);
    rows.set(new Uint8Array(memory.buffer, outputAt, count * (stride + 1)), y * (stride + 1));
  }
  return rows;
}
