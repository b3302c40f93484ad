import { z } from 'zod';
import { decimal, text } from '../params';
import { pictureQuery } from './picture';

export const gayQuery = z.object({ ...pictureQuery, opacity: decimal(0, 1).default(0.5) });
export const ripQuery = z.object({ ...pictureQuery, text: text(1, 100, { trim: true }).optional() });
