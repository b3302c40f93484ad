import { randomBytes } from 'node:crypto';

export interface StoreCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The credentials of this process's embedded DynamoDB: random per process (or inherited from the
 * environment, for a CLI the running server's record points at), and required by its guard, so
 * nothing but this process and the tools it tells can read or write the local store. Kept in the
 * environment, where the functions' store clients read them.
 */
export function localStoreCredentials(env: NodeJS.ProcessEnv = process.env): StoreCredentials {
  env.DYNAMODB_ACCESS_KEY_ID ||= `LOCAL${randomBytes(12).toString('hex').toUpperCase()}`;
  env.DYNAMODB_SECRET_ACCESS_KEY ||= randomBytes(24).toString('base64url');
  return { accessKeyId: env.DYNAMODB_ACCESS_KEY_ID, secretAccessKey: env.DYNAMODB_SECRET_ACCESS_KEY };
}
