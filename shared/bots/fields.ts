/**
 * The optional fields of a bot's profile that its owner sets, in the order they are documented:
 * the one declaration the store (written, or removed when absent), the registration body's schema
 * and the answers' schemas and views are all built from. A new field is one line here (and its
 * test). `summary`: listings show it too, not only the bot's own page.
 */
export const BOT_FIELDS = {
  description: { kind: 'text', max: 400, summary: true },
  avatar: { kind: 'url', summary: true },
  inviteUrl: { kind: 'url', summary: false },
  supportServer: { kind: 'url', summary: false },
  website: { kind: 'url', summary: false },
  version: { kind: 'text', max: 32, summary: false },
} as const satisfies Record<
  string,
  { kind: 'text'; max: number; summary: boolean } | { kind: 'url'; summary: boolean }
>;

export type BotFieldName = keyof typeof BOT_FIELDS;

export const botFieldNames = Object.keys(BOT_FIELDS) as BotFieldName[];

type Summary<K extends BotFieldName> = (typeof BOT_FIELDS)[K]['summary'];
/** The fields listings show, and those only a bot's own page shows. */
export type SummaryFieldName = { [K in BotFieldName]: Summary<K> extends true ? K : never }[BotFieldName];
export type DetailFieldName = Exclude<BotFieldName, SummaryFieldName>;

export const summaryFieldNames = botFieldNames.filter((name) => BOT_FIELDS[name].summary) as SummaryFieldName[];
export const detailFieldNames = botFieldNames.filter((name) => !BOT_FIELDS[name].summary) as DetailFieldName[];

/** A record with one entry per named field: each field's schema, or each field's value. */
export const byField = <K extends BotFieldName, V>(names: readonly K[], value: (name: K) => V): Record<K, V> =>
  Object.fromEntries(names.map((name) => [name, value(name)])) as Record<K, V>;
