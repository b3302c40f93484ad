import { h, svgDocument } from '../../shared/svg/builder';
import { compactNumber } from '../../shared/svg/format';
import { presenceColors, type Presence } from '../../shared/svg/presence';
import { fitLine } from '../../shared/svg/text';
import { themes, type ThemeName } from '../../shared/svg/themes';

export interface RankCardData {
  username: string;
  level: number;
  xp: number;
  requiredXp: number;
  rank: number;
  status: Presence;
  theme: ThemeName;
  progressColor?: string;
}

const WIDTH = 934;
const HEIGHT = 282;
const FONT = "'Segoe UI', 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
const AVATAR = { cx: 141, cy: 141, r: 90 };
const BAR = { x: 270, y: 180, width: 610, height: 36 };

/** Pure rendering: the same data always gives the same SVG bytes. */
export function renderRankCard(card: RankCardData): string {
  const theme = themes[card.theme];
  const progress = Math.min(1, card.xp / card.requiredXp);
  const xpLabel = `${compactNumber(card.xp)} / ${compactNumber(card.requiredXp)} XP`;
  const xpLine = fitLine(xpLabel, 220, 26, 16);
  const name = fitLine(card.username, BAR.width - xpLine.width - 24, 40, 22);
  const filled = progress === 0 ? 0 : Math.max(BAR.height, progress * BAR.width);

  return svgDocument(
    { width: WIDTH, height: HEIGHT },
    h('title', {}, `${card.username}: rank ${card.rank}, level ${card.level}`),
    h('defs', {}, h('clipPath', { id: 'avatar-clip' }, h('circle', { cx: AVATAR.cx, cy: AVATAR.cy, r: AVATAR.r }))),
    h('rect', { width: WIDTH, height: HEIGHT, rx: 20, fill: theme.background }),
    h('rect', { x: 16, y: 16, width: WIDTH - 32, height: HEIGHT - 32, rx: 14, fill: theme.panel }),
    avatarPlaceholder(theme.track, theme.mutedText),
    h('circle', { cx: 205, cy: 205, r: 24, fill: presenceColors[card.status], stroke: theme.panel, 'stroke-width': 8 }),
    h(
      'g',
      { 'font-family': FONT, fill: theme.text },
      h('text', { x: BAR.x, y: BAR.y - 22, 'font-size': name.fontSize, 'font-weight': 700 }, name.text),
      h('text', { x: BAR.x + BAR.width, y: BAR.y - 22, 'font-size': xpLine.fontSize, 'text-anchor': 'end', fill: theme.mutedText }, xpLine.text),
      h(
        'text',
        { x: BAR.x + BAR.width, y: 86, 'text-anchor': 'end', 'font-size': 28 },
        h('tspan', { fill: theme.mutedText, 'font-size': 22 }, 'RANK '),
        h('tspan', { 'font-weight': 700, 'font-size': 44 }, `#${compactNumber(card.rank)}`),
        h('tspan', { fill: theme.mutedText, 'font-size': 22, dx: 24 }, 'LEVEL '),
        h('tspan', { 'font-weight': 700, 'font-size': 44, fill: card.progressColor ?? theme.accent }, compactNumber(card.level)),
      ),
    ),
    h('rect', { x: BAR.x, y: BAR.y, width: BAR.width, height: BAR.height, rx: BAR.height / 2, fill: theme.track }),
    filled > 0 && h('rect', { x: BAR.x, y: BAR.y, width: filled, height: BAR.height, rx: BAR.height / 2, fill: card.progressColor ?? theme.accent }),
  );
}

/** A neutral silhouette where no avatar picture is drawn. */
function avatarPlaceholder(background: string, figure: string) {
  const { cx, cy, r } = AVATAR;
  return h(
    'g',
    { 'clip-path': 'url(#avatar-clip)' },
    h('rect', { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, fill: background }),
    h('circle', { cx, cy: cy - 22, r: 34, fill: figure }),
    h('ellipse', { cx, cy: cy + 78, rx: 66, ry: 56, fill: figure }),
  );
}
