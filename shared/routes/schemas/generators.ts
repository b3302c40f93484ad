import { z } from 'zod';
import { distractedRoles } from '../../scenes/distracted';
import { labelOrPicture, text } from '../params';

export const changeMyMindQuery = z.object({ text: text(1, 300, { trim: true }) });

const ONE_ROLE_AT_LEAST = `at least one of ${distractedRoles.join(', ')} is required`;

/** The rule spanning the three parameters is the object's description: the OpenAPI operation states it. */
export const distractedQuery = z
  .object({ boyfriend: labelOrPicture(1, 60).optional(), girlfriend: labelOrPicture(1, 60).optional(), other: labelOrPicture(1, 60).optional() })
  .refine((query) => distractedRoles.some((role) => query[role] !== undefined), { path: ['boyfriend'], error: ONE_ROLE_AT_LEAST })
  .meta({ description: ONE_ROLE_AT_LEAST });
