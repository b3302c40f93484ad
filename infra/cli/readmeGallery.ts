import { renderRankCard } from '../../shared/scenes/rankCard';

/** The pictures the README shows, drawn by the API's own scenes; `npm run gallery` writes them as PNG. */
export const README_GALLERY: { file: string; alt: string; svg: () => string }[] = [
  {
    file: 'docs/gallery/rank-card-japanese-emoji.png',
    alt:
      'A dark rank card for さくら 桜🌸 with a thumbs-up in a skin tone and the flag of Japan: rank #1,234, level ' +
      '12, 3.4K of 10K XP',
    svg: () =>
      renderRankCard({
        username: 'さくら 桜🌸 👍🏽 🇯🇵',
        level: 12,
        xp: 3456,
        requiredXp: 10_000,
        rank: 1234,
        status: 'online',
        theme: 'dark',
      }),
  },
  {
    file: 'docs/gallery/rank-card-arabic.png',
    alt: 'A light rank card for محمد علي, drawn right to left: rank #3, level 42, 99.9M of 100M XP',
    svg: () =>
      renderRankCard({
        username: 'محمد علي ✨',
        level: 42,
        xp: 99_999_999,
        requiredXp: 100_000_000,
        rank: 3,
        status: 'dnd',
        theme: 'light',
      }),
  },
];
