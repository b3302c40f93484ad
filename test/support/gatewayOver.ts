import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as bots from '../../functions/bots/index';
import * as dashboard from '../../functions/dashboard/index';
import * as docs from '../../functions/docs/index';
import * as filters from '../../functions/filters/index';
import * as generators from '../../functions/generators/index';
import * as overlays from '../../functions/overlays/index';
import * as rankCard from '../../functions/rank-card/index';
import * as webhooks from '../../functions/webhooks/index';
import { AuthorizerCache } from '../../infra/local/authorizerCache';
import { createGateway, keyEnabledIn } from '../../infra/local/gateway';
import { authorize } from '../../shared/access/authorizer';
import { groupHandler, type GroupHandlers, type GroupRoutes } from '../../shared/runtime/groupHandler';
import type { GroupKit } from '../../shared/runtime/groupKit';
import type { AllServices } from '../unit/fixtures';
import { routeList } from '../../shared/routes/table';
import type { FunctionGroup } from '../../shared/routes/table';
import type { ApiKeyStore } from '../../shared/store';

/** Every group's route handlers and kit, as its function's entry file wires them. */
const GROUPS = {
  bots,
  dashboard,
  docs,
  filters,
  generators,
  overlays,
  'rank-card': rankCard,
  webhooks,
} satisfies Record<FunctionGroup, unknown>;

export interface GatewayOver {
  url: string;
  close(): Promise<void>;
}

/**
 * The local gateway (routing, the real authorizer, gateway responses) in front of the real group
 * functions and middleware, on 127.0.0.1, with the services given instead of the environment's:
 * tests hand it stores whose DynamoDB client they control. The authorizer is uncached, so every
 * request with a key looks it up.
 */
export async function startGatewayOver(deps: AllServices, apiKeys: ApiKeyStore): Promise<GatewayOver> {
  const functions = new Map<FunctionGroup, ReturnType<typeof groupHandler>>();
  const gateway = createGateway({
    routes: routeList,
    authorizer: (event) => authorize(event, { apiKeys, limiter: deps.limiter }),
    loadGroup: async <G extends FunctionGroup>(group: G) => {
      // Every group's services are in `deps`: only the kit's output middleware is the group's own.
      const { handlers, kit } = GROUPS[group] as {
        handlers: GroupHandlers<GroupRoutes, AllServices>;
        kit: Pick<GroupKit<unknown>, 'output'>;
      };
      const own = Object.fromEntries(
        routeList.filter((route) => route.group === group).map((route) => [route.id, route]),
      );
      if (!functions.has(group))
        functions.set(group, groupHandler(own, handlers, { ...kit, services: () => deps }, deps));
      return functions.get(group) as ReturnType<typeof groupHandler>;
    },
    cache: new AuthorizerCache(0),
    rateLimit: deps.limiter.limit,
    keyEnabled: keyEnabledIn(apiKeys),
  });
  const server = createServer((req, res) => void gateway(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
