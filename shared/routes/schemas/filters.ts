import { z } from 'zod';
import { decimal, integer } from '../params';
import { pictureQuery } from './picture';

export const contrastQuery = z.object({ ...pictureQuery, amount: decimal(0, 5).default(1.5) });
export const saturateQuery = z.object({ ...pictureQuery, amount: decimal(0, 10).default(2) });
export const hueRotateQuery = z.object({ ...pictureQuery, degrees: decimal(-360, 360).default(180) });
export const pixelateQuery = z.object({ ...pictureQuery, size: integer(2, 128).default(16) });
