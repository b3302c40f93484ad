/**
 * The optional fields of a bot's profile, in documented order: the store, the schemas, the views
 * and the dashboard's bot form are all built from this, so a new field is one line here.
 * `summary`: listings show it too; `label`: the form's label for it.
 */
export const BOT_FIELDS = {
  description: { kind: 'text', max: 400, summary: true, label: 'Description' },
  avatar: { kind: 'url', summary: true, label: 'Avatar URL' },
  inviteUrl: { kind: 'url', summary: false, label: 'Invite link' },
  supportServer: { kind: 'url', summary: false, label: 'Support server invite' },
  website: { kind: 'url', summary: false, label: 'Website' },
  version: { kind: 'text', max: 32, summary: false, label: 'Version' },
} as const satisfies Record<string, BotField>;

export type BotField =
  | { kind: 'text'; max: number; summary: boolean; label: string }
  | { kind: 'url'; summary: boolean; label: string };

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
