import { h, svgDocument } from '../svg/builder';
import { person, type Look } from '../svg/figures';
import { label, type LabelContent } from '../svg/label';
import { sky } from '../svg/sky';

/** The three people of the scene, each of whom may carry a label (the route's parameters). */
export const distractedRoles = ['boyfriend', 'girlfriend', 'other'] as const;
export type DistractedRole = (typeof distractedRoles)[number];
export type DistractedLabels = Partial<Record<DistractedRole, LabelContent>>;

const WIDTH = 960;
const HEIGHT = 600;
const LOOKS: Record<DistractedRole, Look> = {
  other: { skin: '#f0c8a0', skinShade: '#d9ab82', hair: '#b5651d', outfit: '#d62839', outfitShade: '#a81f2d' },
  boyfriend: { skin: '#e9b995', skinShade: '#cf9b77', hair: '#3b2a1e', outfit: '#3d6fa8', outfitShade: '#2f5886' },
  girlfriend: { skin: '#f2cfae', skinShade: '#dcb08d', hair: '#2b2b2b', outfit: '#2a9d8f', outfitShade: '#217d72' },
};
/** Where each person stands, and where their label goes (over the torso). */
const PLACES: Record<DistractedRole, { x: number; label: { x: number; y: number; width: number; height: number } }> = {
  other: { x: 220, label: { x: 110, y: 250, width: 220, height: 60 } },
  boyfriend: { x: 540, label: { x: 430, y: 250, width: 220, height: 60 } },
  girlfriend: { x: 790, label: { x: 680, y: 250, width: 220, height: 60 } },
};
const PICTURE_SIZE = 130;
/** A picture label's square, in pixels: what a fetched picture is scaled for. */
export const LABEL_PICTURE_SIZE = { width: PICTURE_SIZE, height: PICTURE_SIZE };
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
    const placed =
      content.kind === 'picture'
        ? { x: PLACES[role].x - PICTURE_SIZE / 2, y: box.y - 40, width: PICTURE_SIZE, height: PICTURE_SIZE }
        : box;
    return [label(content, placed, `label-${role}`)];
  });
  return svgDocument(
    { width: WIDTH, height: HEIGHT },
    h('title', {}, distractedRoles.map((role) => `${role}: ${describe(labels[role])}`).join('; ')),
    sky({ width: WIDTH, height: HEIGHT }, SKY),
    BUILDINGS.map(({ x, y, width, fill }) => h('rect', { x, y, width, height: 520 - y, fill, opacity: 0.8 })),
    h('rect', { y: 520, width: WIDTH, height: 80, fill: '#9aa3ad' }),
    // She glances back at him; he turns his head round to stare; his girlfriend glares at him.
    person({
      x: PLACES.other.x,
      y: 560,
      look: LOOKS.other,
      dress: true,
      longHair: true,
      facing: -1,
      turn: 0.4,
      gaze: 1,
      mood: 'smile',
    }),
    person({
      x: PLACES.boyfriend.x,
      y: 560,
      look: LOOKS.boyfriend,
      facing: 1,
      turn: -1,
      gaze: -1,
      mood: 'open',
      brows: 'raised',
      headTilt: -8,
    }),
    person({
      x: PLACES.girlfriend.x,
      y: 560,
      look: LOOKS.girlfriend,
      longHair: true,
      facing: -1,
      turn: -0.6,
      gaze: -1,
      mood: 'frown',
      brows: 'angry',
      arms: 'hips',
    }),
    tags,
  );
}

const describe = (content: LabelContent | undefined) =>
  content === undefined ? '-' : content.kind === 'text' ? content.text : 'a picture';
