import { ApiError } from '../../shared/errors/apiError';
import { svgResponse } from '../../shared/http/responses';
import type { PictureHandler } from '../../shared/runtime/pictureKit';
import type { ImageFetcher } from '../../shared/images/imageFetcher';
import type { LabelOrPicture } from '../../shared/routes/params';
import { distractedRoles } from '../../shared/routes/schemas/generators';
import type { Routes } from '../../shared/routes/table';
import { h, svgDocument } from '../../shared/svg/builder';
import { person, type Look } from '../../shared/svg/figures';
import { label, type LabelContent } from '../../shared/svg/label';
import { sky } from '../../shared/svg/sky';

type Role = (typeof distractedRoles)[number];
export type DistractedLabels = Partial<Record<Role, LabelContent>>;

const WIDTH = 960;
const HEIGHT = 600;
const LOOKS: Record<Role, Look> = {
  other: { skin: '#f0c8a0', skinShade: '#d9ab82', hair: '#b5651d', outfit: '#d62839', outfitShade: '#a81f2d' },
  boyfriend: { skin: '#e9b995', skinShade: '#cf9b77', hair: '#3b2a1e', outfit: '#3d6fa8', outfitShade: '#2f5886' },
  girlfriend: { skin: '#f2cfae', skinShade: '#dcb08d', hair: '#2b2b2b', outfit: '#2a9d8f', outfitShade: '#217d72' },
};
/** Where each person stands, and where their label goes (over the torso). */
const PLACES: Record<Role, { x: number; label: { x: number; y: number; width: number; height: number } }> = {
  other: { x: 220, label: { x: 110, y: 250, width: 220, height: 60 } },
  boyfriend: { x: 540, label: { x: 430, y: 250, width: 220, height: 60 } },
  girlfriend: { x: 790, label: { x: 680, y: 250, width: 220, height: 60 } },
};
const PICTURE_SIZE = 130;
const SKY = { top: '#bfe0f5', bottom: '#f3f7fa' };
const BUILDINGS = [
  { x: 0, y: 120, width: 180, fill: '#c9b29b' },
  { x: 170, y: 60, width: 200, fill: '#b8c4cf' },
  { x: 360, y: 140, width: 160, fill: '#d6c6a8' },
  { x: 700, y: 80, width: 260, fill: '#c2b6c9' },
];

/** The distracted boyfriend: he turns to look at the other one while his girlfriend glares. */
export function renderDistracted(labels: DistractedLabels): string {
  const tags = distractedRoles.flatMap((role) => {
    const content = labels[role];
    if (!content) return [];
    const box = PLACES[role].label;
    const placed = content.kind === 'picture' ? { x: PLACES[role].x - PICTURE_SIZE / 2, y: box.y - 40, width: PICTURE_SIZE, height: PICTURE_SIZE } : box;
    return [label(content, placed, `label-${role}`)];
  });
  return svgDocument(
    { width: WIDTH, height: HEIGHT },
    h('title', {}, distractedRoles.map((role) => `${role}: ${describe(labels[role])}`).join('; ')),
    sky({ width: WIDTH, height: HEIGHT }, SKY),
    BUILDINGS.map(({ x, y, width, fill }) => h('rect', { x, y, width, height: 520 - y, fill, opacity: 0.8 })),
    h('rect', { y: 520, width: WIDTH, height: 80, fill: '#9aa3ad' }),
    // She glances back at him; he turns his head round to stare; his girlfriend glares at him.
    person({ x: PLACES.other.x, y: 560, look: LOOKS.other, dress: true, longHair: true, facing: -1, turn: 0.4, gaze: 1, mood: 'smile' }),
    person({ x: PLACES.boyfriend.x, y: 560, look: LOOKS.boyfriend, facing: 1, turn: -1, gaze: -1, mood: 'open' }),
    person({ x: PLACES.girlfriend.x, y: 560, look: LOOKS.girlfriend, longHair: true, facing: -1, turn: -0.6, gaze: -1, mood: 'frown' }),
    tags,
  );
}

const describe = (content: LabelContent | undefined) => (content === undefined ? '-' : content.kind === 'text' ? content.text : 'a picture');

/** Texts stay text; pictures are fetched in parallel, and every one that fails is named. */
async function resolveLabels(query: Partial<Record<Role, LabelOrPicture>>, images: ImageFetcher): Promise<DistractedLabels> {
  const settled = await Promise.allSettled(
    distractedRoles.map(async (role): Promise<[Role, LabelContent | undefined]> => {
      const value = query[role];
      if (!value) return [role, undefined];
      return [role, value.kind === 'text' ? value : { kind: 'picture', image: await images.load(value.url, role) }];
    }),
  );
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length > 0) throw ApiError.combine(failures);
  const entries = settled.flatMap((result) => (result.status === 'fulfilled' && result.value[1] ? [result.value] : []));
  return Object.fromEntries(entries);
}

export const distracted: PictureHandler<Routes['distracted']> = async ({ query }, _context, { images }) =>
  svgResponse(renderDistracted(await resolveLabels(query, images)));
