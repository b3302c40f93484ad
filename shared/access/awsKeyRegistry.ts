import type { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { newKeyRecord, type KeyRegistry } from './keyAdmin';
import type { ApiKeyStore } from '../store';
import { lazyLoad } from '../loading/lazyLoad';
import { beyondRequestBudget } from '../aws/requestBudget';

/** The API Gateway SDK, loaded on the first call: a function that makes no key never loads it. */
const sdk = lazyLoad(() => import('@aws-sdk/client-api-gateway'));

export interface AwsKeyRegistryDeps {
  gateway: APIGatewayClient;
  store: ApiKeyStore;
  usagePlanId: string;
}

/**
 * Keys in a deployed stack: an API Gateway key valued with the key's SHA-256, its usage-plan
 * membership, and the hashed record. Create makes them in that order and undoes the earlier steps
 * when a later one fails; revoke marks the record first, then takes the gateway key out of the plan
 * and disables it, so even a cached authorizer result stops passing.
 */
export function awsKeyRegistry({ gateway, store, usagePlanId }: AwsKeyRegistryDeps): KeyRegistry {
  return {
    async create(key) {
      const { CreateApiKeyCommand, CreateUsagePlanKeyCommand, DeleteApiKeyCommand, DeleteUsagePlanKeyCommand } =
        await sdk();
      const { record, value } = newKeyRecord(key);
      const undo: { what: string; run: () => Promise<unknown> }[] = [];
      try {
        const apiKey = await gateway.send(
          // No tags: tagging on creation needs apigateway:PUT on /tags too; the name carries the key's id.
          new CreateApiKeyCommand({
            name: `${record.name} (${record.id})`,
            description: `owner ${record.owner}`,
            value: record.keyHash,
            enabled: true,
          }),
        );
        const gatewayKeyId = apiKey.id as string;
        undo.push({
          what: `API Gateway key ${gatewayKeyId}`,
          run: () => gateway.send(new DeleteApiKeyCommand({ apiKey: gatewayKeyId })),
        });
        await gateway.send(new CreateUsagePlanKeyCommand({ usagePlanId, keyId: gatewayKeyId, keyType: 'API_KEY' }));
        undo.push({
          what: `usage plan ${usagePlanId} membership of key ${gatewayKeyId}`,
          run: () => gateway.send(new DeleteUsagePlanKeyCommand({ usagePlanId, keyId: gatewayKeyId })),
        });
        const stored = { ...record, gatewayKeyId };
        await store.put(stored);
        return { record: stored, value };
      } catch (error) {
        // Undone whatever the request's time budget has left: a key half made would stay in the usage plan.
        const leftovers = await beyondRequestBudget(() => rollBack(undo));
        if (leftovers.length > 0)
          (error as Error).message += `; rollback also failed, remove by hand: ${leftovers.join(', ')}`;
        throw error;
      }
    },

    list: () => store.list(),

    async revoke(id, at) {
      const { DeleteUsagePlanKeyCommand, NotFoundException, UpdateApiKeyCommand } = await sdk();
      const record = await store.revoke(id, at);
      if (record?.gatewayKeyId) {
        // Out of the usage plan, the gateway refuses the key at once, whatever authorizer result it
        // has cached; gone already is fine (a retry after a failure further on).
        try {
          await gateway.send(new DeleteUsagePlanKeyCommand({ usagePlanId, keyId: record.gatewayKeyId }));
        } catch (error) {
          if (!(error instanceof NotFoundException)) throw error;
        }
        await gateway.send(
          new UpdateApiKeyCommand({
            apiKey: record.gatewayKeyId,
            patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }],
          }),
        );
      }
      return record;
    },
  };
}

/** Runs the undo steps newest first, carrying on past failures; returns what could not be undone. */
async function rollBack(undo: { what: string; run: () => Promise<unknown> }[]): Promise<string[]> {
  const failed: string[] = [];
  for (const step of undo.reverse()) {
    try {
      await step.run();
    } catch (error) {
      failed.push(`${step.what} (${(error as Error).message})`);
    }
  }
  return failed;
}

/**
 * The id of the usage plan named `name` (the stack names it after itself). The dashboard's function
 * finds it so at its first key: its id cannot be in the function's environment, since the plan
 * depends on the API's stage, which depends on the function.
 */
export async function usagePlanNamed(gateway: APIGatewayClient, name: string): Promise<string> {
  const { GetUsagePlansCommand } = await sdk();
  let position: string | undefined;
  do {
    const page = await gateway.send(new GetUsagePlansCommand({ position, limit: 500 }));
    const plan = page.items?.find((item) => item.name === name);
    if (plan?.id) return plan.id;
    position = page.position;
  } while (position);
  throw new Error(`no usage plan named ${name}`);
}
