import type { Size } from '../svg/geometry';

/** A picture ready to draw: inlined as a `data:` URI (the image fetcher's pictures are). */
export interface InlinePicture {
  dataUri: string;
}

/** What a scene drawing one picture takes: the picture, and the size of the document. */
export interface PictureScene extends Size {
  image: InlinePicture;
}
