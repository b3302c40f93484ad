import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { admits, afterAdmitting, windowStart, WINDOW_SECONDS, type WindowState } from './slidingWindow';
import { StoreUnavailableError } from '../errors/unavailable';
import { guarded } from './errors';
import { partitionKey } from './recordKinds';
import { boundedMap, boundedSet } from './boundedCache';
import { outsideEvery, secondsToCheck, viewOf, type WindowView } from './windowView';

export interface RateTake {
  principal: string;
  limit: number;
  nowMs: number;
  /** Unix second until which the hour's counts are kept (a key's usage: 31 days). */
  keepUntil: number;
  /** Whose counts these are on a principal several keys share (a key slot's quota line). */
  tag?: string;
  /** Keep the second as the last use (a key's "Last used"). */
  recordLastUse?: boolean;
}

export interface RateTaken {
  allowed: boolean;
  /** The principal's window after this request (it counted only if allowed). */
  state: WindowState;
  /** The second it was counted in: a clock behind a sealed hour counts at the next hour's start. */
  second: number;
}

export interface RateCounterStore {
  /** Lets one request of the principal through if its window has room, atomically; counts it either way. */
  take(request: RateTake): Promise<RateTaken>;
  /** Per minute (start, unix s): requests let through and refused; and the last use recorded, if any. */
  usage(principal: string, from: number, to: number, tag?: string): Promise<WindowUsage>;
}

export interface MinuteCount {
  counted: number;
  refused: number;
}

export interface WindowUsage {
  minutes: Map<number, MinuteCount>;
  lastAt?: number;
}

const HOUR = 3600;
const hourOf = (second: number) => second - (second % HOUR);
const hourKey = (hourStart: number) => `HOUR#${hourStart}`;
/** A mark is named by its second's place counted from the window before the hour, so carried marks fit. */
const MARK_BASE = WINDOW_SECONDS - 1;
const markName = (second: number, hour: number) => `s${second - hour + MARK_BASE}`;
const MARK = /^s(\d+)$/;
const tagged = (name: string, tag: string | undefined) => (tag === undefined ? name : `${name}_${tag}`);
const USAGE = /^([wr])(\d+)(?:_(.+))?$/;
/** An item seeded for its hour and not sealed: the one the hour's requests are counted on. */
const LIVE = 'attribute_exists(#d) AND attribute_not_exists(#sealed)';
/** A request whose item keeps changing under it gives up after this many rounds (503). */
const ROUNDS = 6;

type Item = Record<string, unknown>;

/**
 * One item per principal and hour: the window's running total and marks, which a single conditional
 * UpdateItem checks and advances per request, beside the minute counts the dashboard charts (let
 * through `w<offset>`, refused `r<offset>`). An hour's first request carries the last 61 seconds over
 * from the hour before, which it seals so that a late clock cannot count there unseen.
 */
export class DynamoRateCounterStore implements RateCounterStore {
  /** Items this process has seen seeded: a request to any other tries the seeding write first. */
  private readonly seeded = boundedSet<string>(10_000);
  /** What this process last saw of each item's window: which marks to check, and which to remove. */
  private readonly views = boundedMap<string, WindowView>(10_000);

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async take(request: RateTake): Promise<RateTaken> {
    const clock = Math.floor(request.nowMs / 1000);
    let hour = hourOf(clock);
    for (let round = 0; round < ROUNDS; round += 1) {
      // A clock behind a sealed hour counts at the next hour's first second.
      const second = Math.max(clock, hour);
      const id = this.itemId(request.principal, hour);
      if (!this.seeded.has(id)) {
        const seeded = await this.seed(request, second, hour);
        if (seeded) return seeded;
      }
      // An item this process has not seen is read once, so that the condition checks only the marks that can bind.
      if (!this.views.has(id) && !(await this.look(id, request.principal, hour, second))) {
        hour += HOUR;
        continue;
      }
      const admitted = await this.admit(request, second, hour);
      if (admitted) return { allowed: true, state: admitted, second };
      const refused = await this.refuse(request, second, hour);
      if (refused) return { allowed: false, state: refused, second };
      if (!(await this.look(id, request.principal, hour, second))) hour += HOUR;
    }
    throw new StoreUnavailableError('UpdateItem', new Error(`the window of ${request.principal} kept changing`));
  }

  async usage(principal: string, from: number, to: number, tag?: string): Promise<WindowUsage> {
    const minutes = new Map<number, MinuteCount>();
    let lastAt: number | undefined;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await guarded('Query', () =>
        this.db.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': partitionKey('rateCounter', principal),
              ':from': hourKey(hourOf(from)),
              ':to': hourKey(hourOf(to)),
            },
            ExclusiveStartKey: startKey,
          }),
        ),
      );
      for (const item of page.Items ?? []) {
        const hour = Number(String(item.sk).slice('HOUR#'.length));
        for (const [name, value] of Object.entries(item)) {
          const [, kind, offset, itsTag] = USAGE.exec(name) ?? [];
          const start = hour + Number(offset);
          if (!kind || itsTag !== tag || start < from || start > to) continue;
          const minute = minutes.get(start) ?? { counted: 0, refused: 0 };
          minute[kind === 'w' ? 'counted' : 'refused'] += Number(value);
          minutes.set(start, minute);
        }
        const last = item[tagged('lastAt', tag)];
        if (typeof last === 'number') lastAt = Math.max(lastAt ?? 0, last);
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return { minutes, ...(lastAt === undefined ? {} : { lastAt }) };
  }

  /**
   * Reads the item into this process's view of it; false when its hour is sealed (the next hour
   * counts). An item not seeded (gone, or never made) is forgotten as seeded, so the next round seeds it.
   */
  private async look(id: string, principal: string, hour: number, second: number): Promise<boolean> {
    const current = await this.get(principal, hour);
    if (current?.sealed) return false;
    if (current?.d === undefined) this.seeded.delete(id);
    else this.saw(id, stateOf(current, hour), second);
    return true;
  }

  /**
   * The usual request: one write, conditional on the window's binding marks leaving room. When this
   * process already knows the mark that binds, the write returns only what it changed.
   */
  private async admit(request: RateTake, second: number, hour: number): Promise<WindowState | undefined> {
    const id = this.itemId(request.principal, hour);
    const view = this.views.get(id);
    const check = secondsToCheck(view, second);
    const outside = outsideEvery(view, second);
    const remove = outside.length ? ` REMOVE ${outside.map((at) => markName(at, hour)).join(', ')}` : '';
    const item = await this.update(
      request,
      hour,
      {
        // A mark this process has seen exists (marks stay while a window can reach them): compared outright.
        ConditionExpression: check.bindingKnown
          ? `attribute_not_exists(#sealed) AND #d < ${markName(check.seconds[0] as number, hour)}`
          : `${LIVE} AND ${room(check.seconds, hour)}`,
        UpdateExpression: `${this.counting(request, second, hour, view)}${remove}`,
        ExpressionAttributeNames: { '#count': tagged(`w${minuteOffset(second, hour)}`, request.tag) },
        ExpressionAttributeValues: { ':pass': 1 - request.limit },
      },
      check.bindingKnown ? 'UPDATED_NEW' : 'ALL_NEW',
    );
    if (!item) return undefined;
    if (!(check.bindingKnown && view)) return this.saw(id, stateOf(item, hour), second);
    // The view learns this second's mark (DynamoDB returns it even when SET kept its value) and drops the removed ones.
    const marks = new Map(view.marks);
    const made = item[markName(second, hour)];
    if (typeof made === 'number') marks.set(second, made);
    for (const at of outside) marks.delete(at);
    this.views.set(id, { marks, seenAt: view.seenAt });
    return { total: Number(item.n), marks };
  }

  /**
   * How a request raises the count. The first of its second (as far as this process knows) makes the
   * second's mark, and sets `d` from the limit and the item's expiry; the rest of the second only add,
   * the cheapest write there is (`d` keeps its distance from `n`).
   */
  private counting(request: RateTake, second: number, hour: number, view: WindowView | undefined): string {
    const sets = lastUse(request);
    const adds = ['#count :one'];
    if (view?.marks.has(second)) adds.push('#n :one', '#d :one');
    else {
      const mark = markName(second, hour);
      // The total is read before it is raised: the same order whether SET sees the old item or applies in turn.
      sets.unshift(`${mark} = if_not_exists(${mark}, #n)`, '#d = #n + :pass', '#n = #n + :one', 'expiresAt = :keep');
    }
    return `${sets.length ? `SET ${sets.join(', ')} ` : ''}ADD ${adds.join(', ')}`;
  }

  /**
   * An hour's first request: the item starts with the window carried over from the hour before (when
   * the window reaches back into it), and this request decided against that window.
   */
  private async seed(request: RateTake, second: number, hour: number): Promise<RateTaken | undefined> {
    const carried = second - MARK_BASE < hour ? await this.sealHourBefore(request, second, hour) : emptyWindow();
    const allowed = admits(carried, request.limit, second);
    const state = allowed ? afterAdmitting(carried, second) : carried;
    const marks = [...state.marks].map(([at, before], i) => [markName(at, hour), `:m${i}`, before] as const);
    const item = await this.update(request, hour, {
      ConditionExpression: 'attribute_not_exists(#d) AND attribute_not_exists(#sealed)',
      UpdateExpression: `SET ${[
        '#n = :total',
        '#d = :d',
        '#count = :one',
        'expiresAt = :keep',
        ...marks.map(([name, value]) => `${name} = ${value}`),
        ...lastUse(request),
      ].join(', ')}`,
      ExpressionAttributeNames: {
        '#count': tagged(`${allowed ? 'w' : 'r'}${minuteOffset(second, hour)}`, request.tag),
      },
      ExpressionAttributeValues: {
        ':total': state.total,
        ':d': state.total - request.limit,
        ...Object.fromEntries(marks.map(([, value, before]) => [value, before])),
      },
    });
    const id = this.itemId(request.principal, hour);
    this.seeded.add(id);
    if (!item) return undefined;
    this.saw(id, state, second);
    return { allowed, state, second };
  }

  /** A refusal is counted only while the window is full, so a race that freed room is tried again. */
  private async refuse(request: RateTake, second: number, hour: number): Promise<WindowState | undefined> {
    const id = this.itemId(request.principal, hour);
    const item = await this.update(request, hour, {
      ConditionExpression: `${LIVE} AND NOT ${full(secondsToCheck(this.views.get(id), second).seconds, hour)}`,
      UpdateExpression: `SET ${['expiresAt = :keep', ...lastUse(request)].join(', ')} ADD #count :one`,
      ExpressionAttributeNames: { '#count': tagged(`r${minuteOffset(second, hour)}`, request.tag) },
    });
    return item && this.saw(id, stateOf(item, hour), second);
  }

  /** Keeps what this process saw of an item's window (a hint: forgetting it costs a longer condition). */
  private saw(id: string, state: WindowState, second: number): WindowState {
    this.views.set(id, viewOf(state, second));
    return state;
  }

  /** Seals the hour before and returns its window as of `second`, renamed for `hour`. */
  private async sealHourBefore(request: RateTake, second: number, hour: number): Promise<WindowState> {
    const before = hour - HOUR;
    const { Attributes } = await guarded('UpdateItem', () =>
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(request.principal, before),
          UpdateExpression: 'SET #sealed = :yes, expiresAt = if_not_exists(expiresAt, :keep)',
          ExpressionAttributeNames: { '#sealed': 'sealed' },
          ExpressionAttributeValues: { ':yes': true, ':keep': hour + 2 * 60 },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    const state = stateOf(Attributes ?? {}, before);
    return {
      total: state.total,
      marks: new Map([...state.marks].filter(([at]) => at >= windowStart(second))),
    };
  }

  /** One conditional UpdateItem on the hour's item: its attributes after (all, or those it changed), or
   * undefined when the condition failed. */
  private async update(
    request: RateTake,
    hour: number,
    input: {
      ConditionExpression: string;
      UpdateExpression: string;
      ExpressionAttributeNames: Record<string, string>;
      ExpressionAttributeValues?: Record<string, unknown>;
    },
    returnValues: 'ALL_NEW' | 'UPDATED_NEW' = 'ALL_NEW',
  ): Promise<Item | undefined> {
    const uses = (placeholder: string) =>
      input.UpdateExpression.includes(placeholder) || input.ConditionExpression.includes(placeholder);
    const names = { '#d': 'd', '#n': 'n', '#sealed': 'sealed', ...input.ExpressionAttributeNames };
    const values = {
      ':one': 1,
      ':keep': Math.max(request.keepUntil, hour + HOUR + 2 * 60),
      ':second': Math.floor(request.nowMs / 1000),
      ...input.ExpressionAttributeValues,
    };
    try {
      const { Attributes } = await guarded('UpdateItem', () =>
        this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: this.key(request.principal, hour),
            ConditionExpression: input.ConditionExpression,
            UpdateExpression: input.UpdateExpression,
            ExpressionAttributeNames: Object.fromEntries(Object.entries(names).filter(([name]) => uses(name))),
            ExpressionAttributeValues: Object.fromEntries(Object.entries(values).filter(([name]) => uses(name))),
            ReturnValues: returnValues,
          }),
        ),
      );
      return Attributes ?? {};
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  private async get(principal: string, hour: number): Promise<Item | undefined> {
    const { Item } = await guarded('GetItem', () =>
      this.db.send(new GetCommand({ TableName: this.tableName, Key: this.key(principal, hour), ConsistentRead: true })),
    );
    return Item;
  }

  private key(principal: string, hour: number) {
    return { pk: partitionKey('rateCounter', principal), sk: hourKey(hour) };
  }

  private itemId(principal: string, hour: number): string {
    return `${principal} ${hour}`;
  }
}

const emptyWindow = (): WindowState => ({ total: 0, marks: new Map() });

/** The assignment that keeps the request's second as its last use, when it records one. */
const lastUse = (request: RateTake): string[] =>
  request.recordLastUse ? [`${tagged('lastAt', request.tag)} = :second`] : [];

/**
 * The condition that the marks of these seconds leave room (`d` is the total less the limit). A
 * second without a mark is said so outright rather than left to how a comparison with a missing
 * attribute evaluates; even the whole window's 61 clauses stay under DynamoDB's 4 KB for an expression.
 */
export const room = (seconds: number[], hour: number) =>
  seconds
    .map((at) => markName(at, hour))
    .map((mark) => `(attribute_not_exists(${mark}) OR #d < ${mark})`)
    .join(' AND ');
/** `room` as one operand of NOT: DynamoDB refuses parentheses around a single clause's own. */
const full = (seconds: number[], hour: number) =>
  seconds.length > 1 ? `(${room(seconds, hour)})` : room(seconds, hour);
const minuteOffset = (second: number, hour: number) => second - (second % 60) - hour;

/** The window an hour's item holds: its total and its marks by second. */
function stateOf(item: Item, hour: number): WindowState {
  const marks = new Map<number, number>();
  for (const [name, value] of Object.entries(item)) {
    const place = MARK.exec(name)?.[1];
    if (place !== undefined) marks.set(hour - MARK_BASE + Number(place), Number(value));
  }
  return { total: typeof item.n === 'number' ? item.n : 0, marks };
}
