import { z } from 'zod';
import { pictureQuery } from './picture';

export const jailQuery = z.object(pictureQuery);
