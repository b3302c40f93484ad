import { z } from 'zod';
import { text } from '../params';

export const changeMyMindQuery = z.object({ text: text(1, 300, { trim: true }) });
