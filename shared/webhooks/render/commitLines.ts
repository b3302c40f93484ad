import { escapeMarkdown, inlineCode, markdownLink } from '../../discord/message';

/** A commit as a tolerant reader may find it: any of its parts left out by the payload. */
export interface CommitParts {
  id?: string | undefined;
  url?: string | undefined;
  message?: string | undefined;
  author?: string | undefined;
}

/**
 * One line for a commit with what the payload gave: its short id (linked where it can be), its
 * message's first line, its author; nothing when it gave neither id nor message.
 */
export function commitLineOf({ id, url, message, author }: CommitParts, idLength = 7): string | undefined {
  const firstLine = message?.split('\n')[0]?.trim();
  if (!id && !firstLine) return undefined;
  return [
    id ? markdownLink(inlineCode(id.slice(0, idLength)), url) : undefined,
    firstLine ? escapeMarkdown(firstLine) : undefined,
    author ? `- ${escapeMarkdown(author)}` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Up to `max` commits, one line each, and how many more there were (`total` when the payload counts them apart). */
export function commitList(
  commits: CommitParts[],
  max: number,
  total = commits.length,
  idLength?: number,
): string | undefined {
  const lines = commits.slice(0, max).flatMap((commit) => commitLineOf(commit, idLength) ?? []);
  if (!lines.length) return undefined;
  // The payload may list fewer commits than it counts: the rest is what was not shown.
  const rest = total - lines.length;
  return lines.join('\n') + (rest > 0 ? `\n… and ${rest} more` : '');
}

/** A commit line as an embed's description, or nothing. */
export const descriptionOf = (line: string | undefined): { description?: string } =>
  line ? { description: line } : {};
