/** A rectangle in user units: where a picture, a sign's text or a card's panel goes. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
