import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readHistory, recordHeartbeat } from './activity';
import { readCommands, writeCommands } from './commands';
import { transferProfile, verifyProfile } from './claims';
import { listOwned, listProfiles } from './listing';
import { getProfile, registerProfile } from './profiles';
import { removeBot } from './removal';
import type { BotStore } from './types';

export type * from './types';
export { HISTORY_HOURS } from './layout';

/** The bot records on DynamoDB, one module per concern. */
export class DynamoBotStore implements BotStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  register: BotStore['register'] = (clientId, owner, fields, now) =>
    registerProfile(this.db, this.table, clientId, owner, fields, now);
  get: BotStore['get'] = (clientId) => getProfile(this.db, this.table, clientId);
  list: BotStore['list'] = (options) => listProfiles(this.db, this.table, options);
  heartbeat: BotStore['heartbeat'] = (clientId, owner, stats, now, shard) =>
    recordHeartbeat(this.db, this.table, clientId, owner, stats, now, shard);
  history: BotStore['history'] = (profile, now) => readHistory(this.db, this.table, profile, now);
  putCommands: BotStore['putCommands'] = (clientId, owner, commands, now) =>
    writeCommands(this.db, this.table, clientId, owner, commands, now);
  commands: BotStore['commands'] = (profile) => readCommands(this.db, this.table, profile);
  verify: BotStore['verify'] = (clientId, owner, proof, now) =>
    verifyProfile(this.db, this.table, clientId, owner, proof, now);
  transfer: BotStore['transfer'] = (clientId, owner, now) => transferProfile(this.db, this.table, clientId, owner, now);
  listOwned: BotStore['listOwned'] = (owner) => listOwned(this.db, this.table, owner);
  delete: BotStore['delete'] = (clientId, owner) => removeBot(this.db, this.table, clientId, owner);
}
