import * as z from 'zod/mini';
import { decimal, integer } from '../params';
import { pictureQuery } from './picture';

export const contrastQuery = z.object({ ...pictureQuery, amount: z._default(decimal(0, 5), 1.5) });
export const saturateQuery = z.object({ ...pictureQuery, amount: z._default(decimal(0, 10), 2) });
export const hueRotateQuery = z.object({ ...pictureQuery, degrees: z._default(decimal(-360, 360), 180) });
export const pixelateQuery = z.object({ ...pictureQuery, size: z._default(integer(2, 128), 16) });
