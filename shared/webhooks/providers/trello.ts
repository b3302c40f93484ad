import * as z from 'zod/mini';
import { escapeMarkdown, markdownLink, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import { eventWords } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';
import { entryOf } from '../render/entryOf';

/**
 * Trello: every delivery is `{ action, model }`, rendered from the action's `type`. Trello checks
 * the callback URL with HEAD before creating a webhook (see `probe`) and sends no delivery id, so
 * the action id serves as one.
 */

/** The parts of the envelope, built with it on the first delivery, not at import. */
const parts = () => {
  const named = z.object({ name: z.string(), shortLink: z.string() });
  const member = z.object({ fullName: z.string(), username: z.string() });
  return { named, member };
};

const envelope = () => {
  const { named, member } = parts();
  return z.object({
    action: z.object({
      id: z.string(),
      type: z.string(),
      data: z.object({
        board: named,
        card: z.extend(named, { closed: z.boolean(), due: z.string(), desc: z.string() }),
        list: named,
        listBefore: named,
        listAfter: named,
        text: z.string(),
        // The previous values of what an update changed, read as sent: a
        // field's name counts even when it was null (a due date newly set).
        old: z.unknown(),
        checkItem: z.object({ name: z.string(), state: z.string() }),
        checklist: z.object({ name: z.string() }),
        label: z.object({ name: z.string(), color: z.string() }),
        attachment: z.object({ name: z.string(), url: z.string() }),
      }),
      member,
      memberCreator: member,
    }),
    model: z.object({ name: z.string(), url: z.string() }),
  });
};

type Payload = TolerantOutput<ReturnType<typeof envelope>>;
type Action = NonNullable<Payload['action']>;

/** The actions whose names the rule below (verb first, then the object) would word badly. */
const WORDS: Record<string, string> = {
  commentCard: 'Comment on card',
  moveCardToBoard: 'Card moved to this board',
  moveCardFromBoard: 'Card moved to another board',
  makeAdminOfBoard: 'Member made admin of board',
  makeNormalMemberOfBoard: 'Member made normal member of board',
  makeObserverOfBoard: 'Member made observer of board',
};
/** Trello's action verbs in the past tense. */
const PAST: Record<string, string> = {
  add: 'added',
  remove: 'removed',
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  copy: 'copied',
  move: 'moved',
  convert: 'converted',
  enable: 'enabled',
  disable: 'disabled',
  vote: 'voted',
  email: 'emailed',
};

/**
 * An action's type in words: "addLabelToCard" -> "Label added to card", "createList" -> "List
 * created", "voteOnCard" -> "Voted on card"; one not starting with a known verb by its name.
 */
export function actionWords(type: string): string {
  const known = entryOf(WORDS, type);
  if (known) return known;
  const [, verb = '', rest = ''] = /^([a-z]+)(.*)$/.exec(type) ?? [];
  const past = entryOf(PAST, verb);
  if (!past) return eventWords(type);
  const [, object = '', place = ''] =
    /^(.*?) ?((?:to|from|on|of) .*)?$/.exec(rest ? eventWords(rest).toLowerCase() : '') ?? [];
  const said = [object, past, place].filter(Boolean).join(' ');
  return `${said[0]?.toUpperCase() ?? ''}${said.slice(1)}`;
}

/** A member's Trello profile, as their username names it (Skyhook links it too). */
const profile = (username: string | undefined) =>
  username ? `https://trello.com/${encodeURIComponent(username)}` : undefined;

const COLOR_OF: Record<string, number> = {
  createCard: COLORS.created,
  createList: COLORS.created,
  commentCard: COLORS.info,
  deleteCard: COLORS.closed,
};

/**
 * A due date as people read it, in UTC: "2024-05-01T12:00:00.000Z"
 * -> "2024-05-01 12:00 UTC" (one that is no date, as sent).
 */
function dueDate(sent: string): string {
  const date = new Date(sent);
  return Number.isNaN(date.getTime()) ? sent : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * What an update did, for its title (`on` joins the card's name to it) and, when there is more to say, its description.
 */
interface Change {
  words: string;
  on?: string;
  color?: number;
  description?: string;
}

const MAX_TEXT = 500;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/**
 * The due date a card had, as Skyhook shows too, when it had one. A description is not escaped for
 * us (a title is), so a value that is no date is shown escaped.
 */
function wasDue(before: Record<string, unknown>): Pick<Change, 'description'> {
  const sent = before.due;
  if (typeof sent !== 'string') return {};
  const shown = dueDate(sent);
  return { description: `Was ${shown === sent ? escapeMarkdown(sent) : shown}` };
}

/** What an updateCard changed, in words: a move between lists, archiving, a new name, a due date, the description. */
function cardChange(a: Action): Change | undefined {
  const { listBefore, listAfter, old, card } = a.data ?? {};
  const before = old !== null && typeof old === 'object' ? (old as Record<string, unknown>) : {};
  const changed = (field: string) => Object.hasOwn(before, field);
  if (listAfter?.name)
    return {
      words: `Card moved to ${listAfter.name}`,
      ...(listBefore?.name
        ? { description: `Moved from ${escapeMarkdown(listBefore.name)} to ${escapeMarkdown(listAfter.name)}` }
        : {}),
    };
  if (changed('closed') && card?.closed !== undefined)
    return card.closed ? { words: 'Card archived', color: COLORS.neutral } : { words: 'Card restored' };
  if (changed('due'))
    return card?.due
      ? { words: `Due date set to ${dueDate(card.due)}`, on: ' on card ', ...wasDue(before) }
      : { words: 'Due date removed', on: ' from card ', ...wasDue(before) };
  if (changed('name'))
    return {
      words: 'Card renamed',
      ...(typeof before.name === 'string' ? { description: `Renamed from ${escapeMarkdown(before.name)}` } : {}),
    };
  if (changed('desc'))
    return card?.desc
      ? { words: 'Card description changed', description: escapeMarkdown(clip(card.desc)) }
      : {
          words: 'Card description removed',
          ...(typeof before.desc === 'string' && before.desc
            ? { description: `Was: ${escapeMarkdown(clip(before.desc))}` }
            : {}),
        };
  return undefined;
}

/** A checklist item ticked or unticked: its state in the title, its name below. */
function checkItemChange(a: Action): Change {
  const item = a.data?.checkItem;
  const words =
    item?.state === 'complete'
      ? 'Checklist item completed'
      : item?.state === 'incomplete'
        ? 'Checklist item marked incomplete'
        : 'Checklist item updated';
  return { words, on: ' on card ', ...(item?.name ? { description: escapeMarkdown(item.name) } : {}) };
}

/** What any other action says below its title: the check item, checklist, label, attachment or member it concerns. */
function detail(a: Action): string | undefined {
  const { checkItem, checklist, label, attachment } = a.data ?? {};
  if (checkItem?.name) return escapeMarkdown(checkItem.name);
  if (checklist?.name) return escapeMarkdown(checklist.name);
  const labelName = label?.name || label?.color;
  if (labelName) return escapeMarkdown(labelName);
  // An attachment links to its file, as Skyhook's message does.
  if (attachment?.name) return markdownLink(escapeMarkdown(attachment.name), attachment.url);
  if (a.member?.fullName || a.member?.username)
    return markdownLink(escapeMarkdown(a.member.fullName || a.member.username || ''), profile(a.member.username));
  return undefined;
}

function render(p: Payload, type: string): Embed {
  const a: Action = p.action ?? {};
  const { board, card, list } = a.data ?? {};
  const subject = card?.name || list?.name;
  const boardName = board?.name || p.model?.name;
  const cardUrl = card?.shortLink ? `https://trello.com/c/${encodeURIComponent(card.shortLink)}` : undefined;
  // A comment's link focuses the comment on its card (its id is the action's).
  const focused =
    cardUrl && type === 'commentCard' && a.id ? `${cardUrl}#comment-${encodeURIComponent(a.id)}` : cardUrl;
  const link =
    focused ?? (board?.shortLink ? `https://trello.com/b/${encodeURIComponent(board.shortLink)}` : p.model?.url);
  const change =
    type === 'updateCard' ? cardChange(a) : type === 'updateCheckItemStateOnCard' ? checkItemChange(a) : undefined;
  const words = change?.words ?? (type === 'updateCard' ? 'Card updated' : actionWords(type));
  const described = a.data?.text
    ? escapeMarkdown(clip(a.data.text))
    : (change?.description ?? (change ? undefined : detail(a)));
  const who = a.memberCreator?.fullName || a.memberCreator?.username;
  const whoUrl = profile(a.memberCreator?.username);
  // A check item's checklist is said beside it; any other checklist is the description already.
  const fields = [
    ...(list?.name && card?.name ? [{ name: 'List', value: escapeMarkdown(list.name), inline: true }] : []),
    ...(a.data?.checkItem?.name && a.data.checklist?.name
      ? [{ name: 'Checklist', value: escapeMarkdown(a.data.checklist.name), inline: true }]
      : []),
  ];
  return {
    title: `${boardName ? `[${boardName}] ` : ''}${words}${subject ? `${change?.on ?? ': '}${subject}` : ''}`,
    ...(link ? { url: link } : {}),
    color: change?.color ?? entryOf(COLOR_OF, type) ?? COLORS.info,
    ...(who ? { author: { name: who, ...(whoUrl ? { url: whoUrl } : {}) } } : {}),
    ...(described ? { description: described } : {}),
    ...(fields.length ? { fields } : {}),
  };
}

export const trello: Provider = schemaProvider({
  name: 'trello',
  displayName: 'Trello',
  description:
    'Every board action (cards created, moved, renamed, archived, due dates set; comments; members, labels, ' +
    'checklists, attachments; lists): the board, card and list, who, and what changed, linked to the card.',
  docs: 'https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/',
  // https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/#webhook-signatures:
  // base64 HMAC-SHA1, keyed with the application's secret, of the body followed by the callback URL.
  signature: {
    kind: 'hmac',
    header: 'X-Trello-Webhook',
    algorithm: 'sha1',
    encoding: 'base64',
    signs: { url: 'after body' },
  },
  // Trello sends no event or delivery header: the action's type and id say both.
  event: fromField('action', 'type'),
  deliveryId: fromField('action', 'id'),
  schemas: () => ({}),
  renderers: {},
  everyOtherEvent: { schema: envelope, render },
});
