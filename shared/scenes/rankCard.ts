import { formatNumber, h, svgDocument, type SvgElement } from '../svg/builder';
import { compactNumber, groupedNumber } from '../svg/format';
import { picture } from '../svg/picture';
import { presenceColors, type Presence } from '../svg/presence';
import { rightAlignedRun, textLine } from '../svg/textElements';
import { fitLine } from '../svg/textLayout';
import { themes, type Theme, type ThemeName } from '../svg/themes';
import type { InlinePicture } from './picture';

export interface RankCardData {
  username: string;
  level: number;
  xp: number;
  requiredXp: number;
  rank: number;
  status: Presence;
  theme: ThemeName;
  progressColor?: string;
  avatar?: InlinePicture;
}

const WIDTH = 934;
const HEIGHT = 282;
const AVATAR = { cx: 141, cy: 141, r: 90 };
/** The avatar's square, in pixels: what a fetched avatar is scaled for. */
export const AVATAR_SIZE = { width: 2 * AVATAR.r, height: 2 * AVATAR.r };
const BAR = { x: 270, y: 180, width: 610, height: 36 };
const TEXT_BASELINE = BAR.y - 22;
const GAP = 24;

/** Pure rendering: the same data always gives the same SVG bytes. */
export function renderRankCard(card: RankCardData): string {
  const theme = themes[card.theme];
  const accent = card.progressColor ?? theme.accent;
  const progress = Math.min(1, card.xp / card.requiredXp);
  const filled = progress === 0 ? 0 : Math.max(BAR.height, progress * BAR.width);
  const xp = fitLine(`${compactNumber(card.xp)} / ${compactNumber(card.requiredXp)} XP`, {
    maxWidth: 240,
    maxSize: 26,
    minSize: 16,
  });
  const name = fitLine(card.username, {
    maxWidth: BAR.width - xp.width - GAP,
    maxSize: 40,
    minSize: 20,
    weight: 'bold',
  });
  const label = (text: string) => fitLine(text, { maxWidth: 120, maxSize: 22, minSize: 22 });
  const figure = (text: string, maxWidth = 200) =>
    fitLine(text, { maxWidth, maxSize: 44, minSize: 20, weight: 'bold' });

  return svgDocument(
    { width: WIDTH, height: HEIGHT },
    h('title', {}, `${card.username}: rank ${card.rank}, level ${card.level}`),
    h('rect', { width: WIDTH, height: HEIGHT, rx: 20, fill: theme.background }),
    h('rect', { x: 16, y: 16, width: WIDTH - 32, height: HEIGHT - 32, rx: 14, fill: theme.panel }),
    card.avatar ? picture(card.avatar, avatarBox()) : avatarPlaceholder(theme),
    // The avatar's box painted over in the panel's colour but for its circle: the cheapest cut for
    // resvg (docs/design.md, PNG), and the same pixels, as the box lies on the plain panel.
    h('path', { d: cutOut(AVATAR), fill: theme.panel, 'fill-rule': 'evenodd' }),
    h('circle', { cx: 205, cy: 205, r: 24, fill: presenceColors[card.status], stroke: theme.panel, 'stroke-width': 8 }),
    h(
      'g',
      { fill: theme.text },
      textLine(name, BAR.x, TEXT_BASELINE),
      textLine(xp, BAR.x + BAR.width - xp.width, TEXT_BASELINE, { fill: theme.mutedText }),
      rightAlignedRun(
        [
          { line: label('RANK'), attrs: { fill: theme.mutedText } },
          // A rank is read exactly ("#123,456", never "#123.5K"): the largest the API takes still fits at 20 px.
          { line: figure(`#${groupedNumber(card.rank)}`, 300), gapBefore: 10 },
          { line: label('LEVEL'), attrs: { fill: theme.mutedText }, gapBefore: GAP },
          { line: figure(compactNumber(card.level)), attrs: { fill: accent }, gapBefore: 10 },
        ],
        BAR.x + BAR.width,
        86,
      ),
    ),
    h('rect', { x: BAR.x, y: BAR.y, width: BAR.width, height: BAR.height, rx: BAR.height / 2, fill: theme.track }),
    filled > 0 &&
      h('rect', { x: BAR.x, y: BAR.y, width: filled, height: BAR.height, rx: BAR.height / 2, fill: accent }),
  );
}

const avatarBox = () => ({
  x: AVATAR.cx - AVATAR.r,
  y: AVATAR.cy - AVATAR.r,
  width: 2 * AVATAR.r,
  height: 2 * AVATAR.r,
});

/** The square around a circle with the circle left out (even-odd): what is under it shows in the circle only. */
const cutOut = ({ cx, cy, r }: typeof AVATAR) =>
  `M${cx - r} ${cy - r}H${cx + r}V${cy + r}H${cx - r}ZM${cx} ${cy - r}A${r} ${r} 0 0 0 ${cx} ${cy + r}A${r} ` +
  `${r} 0 0 0 ${cx} ${cy - r}Z`;

/** A neutral silhouette where no avatar picture is given, within the avatar's box (the cut-out shows its circle). */
function avatarPlaceholder(theme: Theme): SvgElement[] {
  const { cx, cy } = AVATAR;
  const box = avatarBox();
  const bottom = box.y + box.height;
  // The shoulders: an ellipse (66 by 56, centred 78 below the avatar's centre) cut at the box's bottom edge.
  const body = { rx: 66, ry: 56, cy: cy + 78 };
  const halfWidth = body.rx * Math.sqrt(1 - ((bottom - body.cy) / body.ry) ** 2);
  return [
    h('rect', { ...box, fill: theme.track }),
    h('circle', { cx, cy: cy - 22, r: 34, fill: theme.mutedText }),
    h('path', {
      d:
        `M${formatNumber(cx - halfWidth)} ${bottom}A${body.rx} ${body.ry} 0 1 1 ${formatNumber(cx + halfWidth)} ` +
        `${bottom}Z`,
      fill: theme.mutedText,
    }),
  ];
}
