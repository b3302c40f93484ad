import { groupHandler } from '../../shared/http/stack';
import { contrast } from './contrast';
import { hueRotate } from './hueRotate';
import { pixelate } from './pixelate';
import { saturate } from './saturate';

export const handler = groupHandler('filters', { contrast, hueRotate, pixelate, saturate });
