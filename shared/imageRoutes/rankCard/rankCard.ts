import { svgResponse } from '../../http/responses';
import type { PictureHandler } from '../../runtime/pictureKit';
import type { Routes } from '../../routes/table';
import { fitFor } from '../../images/pictureFit';
import { AVATAR_SIZE, renderRankCard } from '../../scenes/rankCard';

// Field by field: the query also holds the avatar's URL, which must not reach the card.
export const rankCard: PictureHandler<Routes['rankCard']> = async ({ query: q }, context, { images }) =>
  svgResponse(
    renderRankCard({
      username: q.username,
      level: q.level,
      xp: q.xp,
      requiredXp: q.requiredXp,
      rank: q.rank,
      status: q.status,
      theme: q.theme,
      progressColor: q.progressColor,
      avatar: q.avatar ? await images.load(q.avatar, 'avatar', fitFor(AVATAR_SIZE, context.outputFormat)) : undefined,
    }),
  );
