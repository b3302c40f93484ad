import { h, type Child } from '../../shared/html/builder';

/**
 * Text written with markdown code spans (route summaries, operation descriptions: "`amount` 0..5")
 * as page content: the spans become <code>, so no literal backtick reaches the reader.
 */
export const inlineCode = (text: string): Child[] =>
  text.split('`').map((part, i) => (i % 2 ? h('code', {}, part) : part));

/** The same text for attributes (alt): the spans' words without their backticks. */
export const plainText = (text: string): string => text.replaceAll('`', '');
