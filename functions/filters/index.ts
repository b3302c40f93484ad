import { groupHandler } from '../../shared/runtime/groupHandler';
import { pictureKit } from '../../shared/runtime/pictureKit';
import { contrast } from './contrast';
import { hueRotate } from './hueRotate';
import { pixelate } from './pixelate';
import { saturate } from './saturate';

export const handlers = { contrast, hueRotate, pixelate, saturate };
export const kit = pictureKit;
export const handler = groupHandler('filters', handlers, kit);
