import { expect } from '@jest/globals';
import { LIMITS, type DiscordMessage } from '../../shared/discord/message';
import { discordSchemaErrors } from './discordSchema';

const isWebLink = (link: string) => URL.canParse(link) && /^https?:$/.test(new URL(link).protocol);

/**
 * What breaks Discord's own schema of a webhook message or one of its limits, counted as Discord counts (UTF-16 units).
 */
export function discordLimitProblems(message: DiscordMessage): string[] {
  const problems = discordSchemaErrors(message);
  const over = (what: string, length: number, limit: number) =>
    length > limit ? [`${what}: ${length} > ${limit}`] : [];
  if (JSON.stringify(message.allowed_mentions) !== JSON.stringify({ parse: [] }))
    problems.push('allowed_mentions may ping');
  problems.push(
    ...over('content', message.content?.length ?? 0, LIMITS.content),
    ...over('username', message.username?.length ?? 0, LIMITS.username),
  );
  const embeds = message.embeds ?? [];
  if (!embeds.length) problems.push('no embed');
  problems.push(...over('embeds', embeds.length, LIMITS.embeds));
  let total = 0;
  for (const embed of embeds) {
    // Discord refuses empty strings anywhere in an embed.
    for (const [part, text] of Object.entries({
      title: embed.title,
      description: embed.description,
      author: embed.author?.name,
      footer: embed.footer?.text,
    }))
      if (text === '') problems.push(`empty ${part}`);
    problems.push(
      ...over('title', embed.title?.length ?? 0, LIMITS.title),
      ...over('description', embed.description?.length ?? 0, LIMITS.description),
    );
    problems.push(
      ...over('author', embed.author?.name.length ?? 0, LIMITS.author),
      ...over('footer', embed.footer?.text.length ?? 0, LIMITS.footer),
    );
    problems.push(...over('fields', embed.fields?.length ?? 0, LIMITS.fields));
    for (const field of embed.fields ?? []) {
      if (!field.name || !field.value) problems.push('empty field');
      problems.push(
        ...over('field name', field.name.length, LIMITS.fieldName),
        ...over('field value', field.value.length, LIMITS.fieldValue),
      );
    }
    for (const link of [embed.url, embed.author?.url, embed.author?.icon_url])
      if (link !== undefined && !isWebLink(link)) problems.push(`not a web link: ${link}`);
    if (!(Number.isInteger(embed.color ?? 0) && (embed.color ?? 0) >= 0 && (embed.color ?? 0) <= 0xffffff))
      problems.push(`colour ${embed.color}`);
    total +=
      (embed.title?.length ?? 0) +
      (embed.description?.length ?? 0) +
      (embed.author?.name.length ?? 0) +
      (embed.footer?.text.length ?? 0);
    total += (embed.fields ?? []).reduce((sum, f) => sum + f.name.length + f.value.length, 0);
  }
  return [...problems, ...over('all embeds', total, LIMITS.total)];
}

/** Every Discord limit, and Discord's own schema of a webhook message. */
export function expectWithinDiscordLimits(message: DiscordMessage | undefined) {
  if (!message) throw new Error('no message was posted to Discord');
  expect(discordLimitProblems(message)).toEqual([]);
}
