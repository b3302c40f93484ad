import { ApiError } from '../../errors/apiError';
import { svgResponse } from '../../http/responses';
import type { PictureHandler } from '../../runtime/pictureKit';
import type { ImageFetcher } from '../../images/imageFetcher';
import type { ImageFormat } from '../../images/imageFormats';
import type { LabelOrPicture } from '../../routes/params';
import type { Routes } from '../../routes/table';
import { fitFor } from '../../images/pictureFit';
import {
  distractedRoles,
  LABEL_PICTURE_SIZE,
  renderDistracted,
  type DistractedLabels,
  type DistractedRole,
} from '../../scenes/distracted';
import type { LabelContent } from '../../svg/label';

/** Texts stay text; pictures are fetched in parallel, and every one that fails is named. */
async function resolveLabels(
  query: Partial<Record<DistractedRole, LabelOrPicture>>,
  images: ImageFetcher,
  format: ImageFormat | undefined,
): Promise<DistractedLabels> {
  const settled = await Promise.allSettled(
    distractedRoles.map(async (role): Promise<[DistractedRole, LabelContent | undefined]> => {
      const value = query[role];
      if (!value) return [role, undefined];
      return [
        role,
        value.kind === 'text'
          ? value
          : { kind: 'picture', image: await images.load(value.url, role, fitFor(LABEL_PICTURE_SIZE, format)) },
      ];
    }),
  );
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length > 0) throw ApiError.combine(failures);
  const entries = settled.flatMap((result) => (result.status === 'fulfilled' && result.value[1] ? [result.value] : []));
  return Object.fromEntries(entries);
}

export const distracted: PictureHandler<Routes['distracted']> = async ({ query }, context, { images }) =>
  svgResponse(renderDistracted(await resolveLabels(query, images, context.outputFormat)));
