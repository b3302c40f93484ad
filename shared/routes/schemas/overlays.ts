import * as z from 'zod/mini';
import { decimal, text } from '../params';
import { pictureQuery } from './picture';

export const gayQuery = z.object({ ...pictureQuery, opacity: z._default(decimal(0, 1), 0.5) });
export const ripQuery = z.object({ ...pictureQuery, text: z.optional(text(1, 100, { trim: true })) });
