/**
 * Bot names in the order the listing by name must give them: letter case ignored (a tie goes by
 * client id), a name before every longer name it begins whatever follows it (a space, punctuation
 * below and at `#`), otherwise by code point: accented letters after z, a fullwidth letter (U+FF41)
 * before an emoji (U+1F600), though JavaScript's UTF-16 order has those two the other way round.
 */
export const TRICKY_NAMES = [
  'a',
  'ab',
  'Ab',
  'ab c',
  'ab!',
  'ab"x',
  'ab#1',
  'ab$',
  'abc',
  'B',
  'e',
  'Zoë',
  'Émile',
  '日本',
  'Ａbc',
  '😀',
  '😀 party',
] as const;
