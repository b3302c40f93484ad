/** Where the single table lives. Both come from the environment so the same code runs in
 * Lambda (real DynamoDB), on the local server (embedded dynalite) and in tests. */
export interface StoreConfig {
  tableName: string;
  endpoint?: string;
  region: string;
  /**
   * The endpoint is the embedded DynamoDB of this very process
   * (DYNAMODB_EMBEDDED=1, set by the local server that started it).
   */
  embedded?: boolean;
}

export const DEFAULT_TABLE_NAME = 'chatbot-api';

export function storeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StoreConfig {
  return {
    tableName: env.TABLE_NAME || DEFAULT_TABLE_NAME,
    endpoint: env.DYNAMODB_ENDPOINT || undefined,
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    embedded: env.DYNAMODB_EMBEDDED === '1',
  };
}
