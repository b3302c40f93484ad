/**
 * The API's refusals of a form's input in plain words: the envelope's details name a field by its
 * path (`body.botToken`) with the schema's words or zod's own. A person reads the field's label
 * from the form ("Bot token must be ...", "Guild count must be a number"), never a path.
 */

/** One refused field, as the error envelope lists it. */
export interface FieldIssue {
  field: string;
  issue: string;
}

/** What zod's types are to a person filling in a form. */
const KINDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'ticked or not',
  array: 'a list',
  object: 'a set of fields',
};

const sizeWords = (origin: string, bound: string, unit: string) =>
  origin === 'string' ? `${bound} characters` : origin === 'array' ? `${bound} items` : `${bound} ${unit}`;

/** zod's English messages (shared/errors/zodMessages.ts), rewritten; the schemas' own ("must ...") are kept. */
const ZOD_WORDS: [RegExp, (...parts: string[]) => string][] = [
  [/^Invalid input: expected (\w+), received \w+$/, (kind) => `must be ${KINDS[kind] ?? `a ${kind}`}`],
  [/^Invalid input: expected (.+)$/, (value) => `must be ${value.replace(/"/g, '')}`],
  [
    /^Invalid option: expected one of (.+)$/,
    (list) => `must be one of ${list.replace(/"/g, '').split('|').join(', ')}`,
  ],
  [
    /^Too big: expected (\w+) to have <=?(\d+) (\w+)$/,
    (origin, n, unit) => `must be at most ${sizeWords(origin, n, unit)}`,
  ],
  [/^Too small: expected string to have >=?1 characters?$/, () => 'must not be empty'],
  [
    /^Too small: expected (\w+) to have >=?(\d+) (\w+)$/,
    (origin, n, unit) => `must be at least ${sizeWords(origin, n, unit)}`,
  ],
  [/^Too big: expected \w+ to be <=?(\S+)$/, (n) => `must be at most ${n}`],
  [/^Too small: expected \w+ to be >=?(\S+)$/, (n) => `must be at least ${n}`],
  [/^Invalid number: must be a multiple of (\S+)$/, (n) => `must be a multiple of ${n}`],
  [/^Unrecognized keys?: (.+)$/, () => 'is not something this form can send'],
  // A pattern or format is the schema's business: the person is told the field is not in the right form.
  [/^Invalid (?:string|input|value|key|discriminator)\b.*$/, () => 'is not in the expected form'],
];

export function plainIssue(issue: string): string {
  for (const [pattern, words] of ZOD_WORDS) {
    const match = pattern.exec(issue);
    if (match) return words(...match.slice(1));
  }
  return issue;
}

/** `guildCount` as words: "Guild count" (for a field no control of the form names). */
const humanized = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A form control's label text, if the form has a control of that name with a label. */
function labelIn(form: HTMLFormElement | undefined, name: string): string | undefined {
  const control = form?.querySelector<HTMLInputElement>(`[name="${CSS.escape(name)}"]`);
  const text = control?.labels?.[0]?.textContent?.trim();
  return text || undefined;
}

/**
 * The field a path names, as the person knows it: the deepest named part (not a list index) that
 * labels a control of the form, else that part in words. Undefined for the request's body as a whole.
 */
export function fieldLabel(path: string, form?: HTMLFormElement): string | undefined {
  const parts = path
    .split('.')
    .filter((part, index) => !(index === 0 && part === 'body') && !/^\d+$/.test(part) && part !== '');
  for (const part of [...parts].reverse()) {
    const label = labelIn(form, part);
    if (label) return label;
  }
  const last = parts.at(-1);
  return last === undefined ? undefined : humanized(last);
}

const sentence = (text: string) => {
  const trimmed = text.trim().replace(/[.;]+$/, '');
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}.`;
};

/** Every refused field in a sentence of its own, each once. */
export function plainIssues(details: FieldIssue[], form?: HTMLFormElement): string {
  const lines = details.map(({ field, issue }) => {
    const label = fieldLabel(field, form);
    return sentence(label ? `${label} ${plainIssue(issue)}` : plainIssue(issue));
  });
  return [...new Set(lines)].join(' ');
}
