import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { truncate } from '../../text/graphemes';
import { BOT_FIELDS } from '../../bots/fields';
import { retried, writeProfile, type Decision, type Written } from './profiles';
import { removeRecords } from './removal';
import type { ApplicationProof, BotFields } from './types';

/**
 * Who a bot belongs to beyond "first come": proof of control of the Discord application (its bot
 * token, checked by Discord) and the operator's transfer.
 */

/**
 * Proven control of the Discord application (`proof`: what Discord says of it): the caller's
 * profile becomes verified; a profile nobody proved is taken over (its records of an earlier life
 * removed, a new profile from Discord's name and description); one another account proved stays
 * theirs (`forbidden`: the keys CLI can transfer it).
 */
export function verifyProfile(
  db: DynamoDBDocumentClient,
  table: string,
  clientId: string,
  owner: string,
  proof: ApplicationProof,
  now: Date,
) {
  const verifiedAt = now.toISOString();
  return retried(db, table, clientId, async (current): Promise<Decision<'forbidden' | Written>> => {
    if (current && current.ownerAccount !== owner) {
      if (current.verifiedAt) return { done: 'forbidden' as const };
      const removed = await removeRecords(db, table, current);
      return {
        write: async () =>
          removed
            ? writeProfile(db, table, clientId, fieldsFrom(proof), { owner, verifiedAt }, undefined, now)
            : undefined,
      };
    }
    if (current?.verifiedAt) return { done: { bot: current, created: false } };
    return {
      write: () => writeProfile(db, table, clientId, current ?? fieldsFrom(proof), { owner, verifiedAt }, current, now),
    };
  });
}

/** The operator's decision (`npm run keys -- transfer-bot`): the bot moves to `owner` with its records, verified. */
export function transferProfile(db: DynamoDBDocumentClient, table: string, clientId: string, owner: string, now: Date) {
  return retried(db, table, clientId, async (current): Promise<Decision<'notFound'>> => {
    if (!current) return { done: 'notFound' as const };
    return {
      write: () => writeProfile(db, table, clientId, current, { owner, verifiedAt: now.toISOString() }, current, now),
    };
  });
}

/**
 * A new profile from what Discord says of the application (its name cut to the profile's limits, between characters).
 */
const fieldsFrom = (proof: ApplicationProof): BotFields => ({
  name: truncate(proof.name.trim(), 32) || 'Unnamed bot',
  ...(proof.description?.trim() ? { description: truncate(proof.description.trim(), BOT_FIELDS.description.max) } : {}),
  public: true,
  tags: [],
});
