import * as z from 'zod/mini';
import { distractedRoles } from '../../scenes/distracted';
import { labelOrPicture, text, withMeta } from '../params';

export const changeMyMindQuery = z.object({ text: text(1, 300, { trim: true }) });

const ONE_ROLE_AT_LEAST = `at least one of ${distractedRoles.join(', ')} is required`;

/** The rule spanning the three parameters is the object's description: the OpenAPI operation states it. */
export const distractedQuery = withMeta(
  z
    .object({
      boyfriend: z.optional(labelOrPicture(1, 60)),
      girlfriend: z.optional(labelOrPicture(1, 60)),
      other: z.optional(labelOrPicture(1, 60)),
    })
    .check(
      z.refine((query) => distractedRoles.some((role) => query[role] !== undefined), {
        path: ['boyfriend'],
        error: ONE_ROLE_AT_LEAST,
      }),
    ),
  { description: ONE_ROLE_AT_LEAST },
);
