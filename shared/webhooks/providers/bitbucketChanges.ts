import { escapeMarkdown } from '../../discord/message';
import { eventWords } from '../render/words';

/** How long a changed value may be in a line: a changed description is news, a whole one is not. */
const MAX_VALUE = 200;

/** A changed value as text: a name, a number, a word; nothing when it has none to show. */
function valueText(value: unknown): string | undefined {
  if (typeof value === 'string')
    return !value ? undefined : value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value !== null && typeof value === 'object') {
    const named = value as Record<string, unknown>;
    for (const key of ['display_name', 'name', 'raw'])
      if (typeof named[key] === 'string' && named[key]) return valueText(named[key]);
  }
  return undefined;
}

/**
 * What a Bitbucket update changed (`changes`: field -> { old, new }), one line per field: "Status:
 * new → open", or the field's name alone when its values are not text. Nothing when it names nothing.
 */
export function changeLines(
  changes: Record<string, unknown> | undefined,
): { description: string } | Record<string, never> {
  const lines = Object.entries(changes ?? {}).flatMap(([field, change]) => {
    const words = eventWords(field).trim();
    if (!words) return [];
    const { old: before, new: after } =
      change !== null && typeof change === 'object' ? (change as Record<string, unknown>) : {};
    const [from, to] = [valueText(before), valueText(after)];
    const name = `**${escapeMarkdown(words)}**`;
    if (from === undefined && to === undefined) return name;
    const was = from === undefined ? '' : `${escapeMarkdown(from)} → `;
    return `${name}: ${was}${to === undefined ? 'removed' : escapeMarkdown(to)}`;
  });
  return lines.length ? { description: lines.join('\n') } : {};
}
