import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BotStore } from '../../shared/store';
import { DynamoBotStore } from '../../shared/store/bots/index';
import type { TestStore } from './dynamo';

/**
 * `store`'s bot store on a client that runs `before` once, just before a heartbeat writes its hourly
 * point (the STATS# item): what another write landing in between does to it.
 */
export function botStoreRacingThePoint(store: TestStore, before: () => Promise<unknown>): BotStore {
  const db = store.stores.db;
  let raced = false;
  const send = async (command: unknown) => {
    if (!raced && command instanceof UpdateCommand && String(command.input.Key?.sk).startsWith('STATS#')) {
      raced = true;
      await before();
    }
    return db.send(command as never);
  };
  return new DynamoBotStore(Object.assign(Object.create(db) as DynamoDBDocumentClient, { send }), store.tableName);
}
