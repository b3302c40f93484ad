import type { FunctionGroup } from '../routes/table';

/**
 * Records a function reads or writes beyond counting requests (which every function does); the
 * CDK stack grants each as named actions on its key prefixes (infra/cdk/tableAccess.ts).
 */
export type TableNeed = 'readKeys' | 'manageBots' | 'relayWebhooks' | 'manageAccounts' | 'readSessions';

/**
 * How one function group is deployed and documented: the CDK stack, the local server, the OpenAPI
 * document and the benchmarks read it from functions/<group>/group.ts. Data only, so reading it
 * loads none of the group's code.
 */
export interface GroupManifest<G extends FunctionGroup = FunctionGroup> {
  name: G;
  /** The OpenAPI tag's description of the group's routes. */
  tag: string;
  table: TableNeed[];
  /** Seals secrets with the KMS key (SECRETS_KMS_KEY_ID): encrypt and decrypt, nothing else. */
  sealsSecrets: boolean;
  /** Tells bots online from offline (BOT_ONLINE_WINDOW_SECONDS). */
  judgesBotStatus: boolean;
  timeoutSeconds: number;
  memoryMb: number;
  /**
   * What ships beside the bundle: the font files text is measured and drawn with, resvg's native
   * PNG renderer, and the OpenAPI document (docs/openapi.json, read on its first request).
   */
  ships: { fonts: boolean; rasteriser: boolean; openApiDocument?: boolean };
  /** Signs people in with the Discord application (its id, and its client secret in Secrets Manager). */
  signsInWithDiscord?: boolean;
  /** Creates and revokes API keys: API Gateway keys and this API's usage plan, as `npm run keys -- --aws` does. */
  managesApiKeys?: boolean;
  /**
   * Queues deliveries Discord refused for a while and consumes the
   * queue: the relay's SQS FIFO queue (RETRY_QUEUE_URL) is its.
   */
  retriesDeliveries?: boolean;
}

export const defineGroup = <const G extends FunctionGroup>(manifest: GroupManifest<G>) => manifest;

/**
 * What every group answering images is: no records of its own, the fonts
 * and the PNG renderer beside its bundle, time and memory to draw.
 */
export const IMAGE_GROUP: Omit<GroupManifest, 'name' | 'tag'> = {
  table: [],
  sealsSecrets: false,
  judgesBotStatus: false,
  timeoutSeconds: 10,
  memoryMb: 1024,
  ships: { fonts: true, rasteriser: true },
};
