import { Font, RankCardBuilder } from 'canvacord';
import { svgToPng } from '../shared/raster/png';
import { inlineImage } from '../shared/images/inlineImage';
import { fitFor } from '../shared/images/pictureFit';
import { heldPicture } from '../shared/images/scaledPicture';
import { AVATAR_SIZE, renderRankCard } from '../shared/scenes/rankCard';
import { gradientPng } from '../fixtures/pictures';
import { eventLoopTurn, pngSize } from './png';
import { roundSummary, summarize, type Summary } from './stats';

/**
 * Our rank card PNG beside canvacord's `RankCardBuilder` PNG (canvacord 6, @napi-rs/canvas), the
 * card bot developers draw themselves today: the same user, figures and 256×256 avatar, from the
 * data to the PNG bytes (ours: the SVG drawn by renderRankCard, then svgToPng), alternating one
 * of each so both see the same machine load.
 */
export interface VersusFigures {
  case: string;
  ours: { ms: Summary; pngBytes: number; width: number; height: number };
  canvacord: { ms: Summary; pngBytes: number; width: number; height: number };
  /** Our median over canvacord's. */
  ratio: number;
}

const USER = { name: 'Ada', level: 42, xp: 1234, requiredXp: 5000, rank: 3 };

/**
 * Two avatars, 256 and 1024 pixels (common for Discord avatars). For a PNG answer the fetcher
 * holds an avatar as a copy the size of the card's 180-pixel circle (made once, before timing, as
 * a warm function keeps it; scaledPicture.ts), while canvacord decodes the whole picture for
 * every card.
 */
export async function benchVersusCanvacord(
  options: { samples: number; warmup: number },
  log: (line: string) => void = () => undefined,
): Promise<VersusFigures[]> {
  Font.loadDefault();
  const figures: VersusFigures[] = [];
  for (const side of [256, 1024]) figures.push(await versus(side, options, log));
  return figures;
}

async function versus(
  side: number,
  options: { samples: number; warmup: number },
  log: (line: string) => void,
): Promise<VersusFigures> {
  const avatar = inlineImage(gradientPng(side), 'image/png', { width: side, height: side });
  const held = await heldPicture(avatar, fitFor(AVATAR_SIZE, 'png'));
  const ours = () =>
    svgToPng(
      renderRankCard({
        username: USER.name,
        level: USER.level,
        xp: USER.xp,
        requiredXp: USER.requiredXp,
        rank: USER.rank,
        status: 'online',
        theme: 'dark',
        avatar: held,
      }),
      'inline',
    );
  const theirs = async () =>
    Buffer.from(
      await new RankCardBuilder()
        .setDisplayName(USER.name)
        .setUsername(`@${USER.name.toLowerCase()}`)
        .setAvatar(avatar.dataUri)
        .setCurrentXP(USER.xp)
        .setRequiredXP(USER.requiredXp)
        .setLevel(USER.level)
        .setRank(USER.rank)
        .setStatus('online')
        .build({ format: 'png' }),
    );
  let ourPng: Buffer = Buffer.alloc(0);
  let theirPng: Buffer = Buffer.alloc(0);
  for (let i = 0; i < options.warmup; i += 1) {
    ourPng = await ours();
    await eventLoopTurn();
    theirPng = await theirs();
    await eventLoopTurn();
  }
  const samples = { ours: [] as number[], canvacord: [] as number[] };
  const time = async (draw: () => Promise<Buffer>, into: number[]): Promise<Buffer> => {
    const start = process.hrtime.bigint();
    const png = await draw();
    into.push(Number(process.hrtime.bigint() - start) / 1e6);
    await eventLoopTurn();
    return png;
  };
  for (let i = 0; i < options.samples; i += 1) {
    ourPng = await time(ours, samples.ours);
    theirPng = await time(theirs, samples.canvacord);
  }
  const figures: VersusFigures = {
    case: `rank card with a ${side}×${side} avatar, data to PNG`,
    ours: { ms: roundSummary(summarize(samples.ours)), pngBytes: ourPng.length, ...pngSize(ourPng) },
    canvacord: { ms: roundSummary(summarize(samples.canvacord)), pngBytes: theirPng.length, ...pngSize(theirPng) },
    ratio: 0,
  };
  figures.ratio = Math.round((figures.ours.ms.median / figures.canvacord.ms.median) * 100) / 100;
  const [oursMs, theirsMs] = [figures.ours.ms.median, figures.canvacord.ms.median];
  log(`png vs canvacord, ${side} px avatar: ours ${oursMs} ms, canvacord ${theirsMs} ms (${figures.ratio}x)`);
  return figures;
}
