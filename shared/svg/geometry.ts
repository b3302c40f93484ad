/** A width and height in user units: a document, or a scene drawn in its own coordinates. */
export interface Size {
  width: number;
  height: number;
}

/** A rectangle in user units: where a picture, a sign's text or a card's panel goes. */
export interface Box extends Size {
  x: number;
  y: number;
}

/** `box` grown by `margin` on every side (a negative margin shrinks it). */
export function grow(box: Box, margin: number): Box {
  return { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin };
}
