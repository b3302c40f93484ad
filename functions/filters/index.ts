import { groupHandler } from '../../shared/http/stack';
import { contrast } from './contrast';
import { hueRotate } from './hueRotate';
import { pixelate } from './pixelate';
import { saturate } from './saturate';

export const handlers = { contrast, hueRotate, pixelate, saturate };
export const handler = groupHandler('filters', handlers);
