import { h, svgDocument } from '../svg/builder';
import type { Filter } from '../svg/filters';
import { picture } from '../svg/picture';
import type { PictureScene } from './picture';

/** The picture at the requested size with one filter effect applied (the filter routes' scene). */
export function renderFiltered({ image, width, height }: PictureScene, effect: Filter, title: string): string {
  const box = { x: 0, y: 0, width, height };
  return svgDocument(
    { width, height },
    h('title', {}, title),
    h('defs', {}, effect.element('effect', box)),
    picture(image, box, { filter: 'url(#effect)' }),
  );
}
