/** A rectangle in user units: where a picture, a sign's text or a card's panel goes. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const inset = (box: Box, by: number): Box => ({ x: box.x + by, y: box.y + by, width: box.width - 2 * by, height: box.height - 2 * by });
