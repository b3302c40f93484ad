import * as z from 'zod/mini';
import { presenceNames } from '../../svg/presence';
import { themeNames } from '../../svg/themes';
import { hexColor, integer, oneOf, text } from '../params';
import { pictureUrl } from './picture';

export const rankCardQuery = z.object({
  username: text(1, 32, { trim: true }),
  level: integer(0),
  xp: integer(0),
  requiredXp: integer(1),
  rank: integer(1),
  avatar: z.optional(pictureUrl()),
  status: z._default(oneOf(presenceNames), 'offline'),
  theme: z._default(oneOf(themeNames), 'dark'),
  progressColor: z.optional(hexColor()),
});
