/** A fetched picture, ready to be drawn by an SVG `<image>` anywhere (no external request). */
export interface InlineImage {
  mime: string;
  bytes: number;
  /** Its size in pixels, from its header. */
  width: number;
  height: number;
  dataUri: string;
}

/** A picture's bytes as an InlineImage. */
export const inlineImage = (body: Buffer, mime: string, size: { width: number; height: number }): InlineImage => ({
  mime,
  bytes: body.length,
  width: size.width,
  height: size.height,
  dataUri: `data:${mime};base64,${body.toString('base64')}`,
});

/** The bytes an InlineImage carries. */
export const imageBytes = (image: InlineImage): Buffer =>
  Buffer.from(image.dataUri.slice(image.dataUri.indexOf(',') + 1), 'base64');
