/**
 * Title parts for payloads read tolerantly: each says what the payload names and leaves out what it
 * does not, so a title never shows empty brackets or a "#" without its number.
 */

/** "[owner/repo] " before a title, or nothing when the payload does not name the repository. */
export const inRepo = (name: string | undefined): string => (name ? `[${name}] ` : '');

/** What an event is about: "#2 Fix the bug", "#2", "Fix the bug" or nothing. */
export const numbered = (number: number | string | undefined, title: string | undefined, mark = '#'): string =>
  [number !== undefined && number !== '' ? `${mark}${number}` : undefined, title || undefined]
    .filter(Boolean)
    .join(' ');

/** A headline and what it is about ("Issue opened: #2 Fix the bug"), or the headline alone. */
export const about = (headline: string, subject: string): string => (subject ? `${headline}: ${subject}` : headline);

/** A thing named by kind, number and title: "pull request #2: Fix the bug", "pull request #2", "pull request". */
export const named = (
  kind: string,
  number: number | string | undefined,
  title: string | undefined,
  mark = '#',
): string => `${kind}${number !== undefined && number !== '' ? ` ${mark}${number}` : ''}${title ? `: ${title}` : ''}`;
