/** A fetched picture, ready to be drawn by an SVG `<image>` anywhere (no external request). */
export interface InlineImage {
  mime: string;
  bytes: number;
  /** Its size in pixels, from its header. */
  width: number;
  height: number;
  dataUri: string;
}
