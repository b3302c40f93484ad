import { z } from 'zod';
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
  avatar: pictureUrl().optional(),
  status: oneOf(presenceNames).default('offline'),
  theme: oneOf(themeNames).default('dark'),
  progressColor: hexColor().optional(),
});
