import { z } from 'zod';
import { presenceNames } from '../../svg/presence';
import { themeNames } from '../../svg/themes';
import { hexColor, httpUrl, integer, oneOf, text } from '../params';

export const rankCardQuery = z.object({
  username: text(1, 32, { trim: true }),
  level: integer(0),
  xp: integer(0),
  requiredXp: integer(1),
  rank: integer(1),
  avatar: httpUrl().optional(),
  status: oneOf(presenceNames).default('offline'),
  theme: oneOf(themeNames).default('dark'),
  progressColor: hexColor().optional(),
});
