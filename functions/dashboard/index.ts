import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { dashboardSession, dashboardSignOut } from './account';
import { dashboardCreateKey, dashboardKeys, dashboardRevokeKey } from './keys';
import { dashboardKeyUsage } from './keyUsage';
import { dashboardRollKey } from './keyRoll';
import { dashboardPage } from './page';
import { dashboardKit } from './services';
import { dashboardCallback, dashboardSignIn } from './signIn';

export const handlers = {
  dashboardPage,
  dashboardSignIn,
  dashboardCallback,
  dashboardSession,
  dashboardSignOut,
  dashboardKeys,
  dashboardCreateKey,
  dashboardKeyUsage,
  dashboardRevokeKey,
  dashboardRollKey,
};
export const kit = dashboardKit;
export const handler = groupHandler(dashboardRoutes, handlers, kit);
