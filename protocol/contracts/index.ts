import type { RouteAccess } from '../roles';
import { ADMIN } from './admin';
import { ALARMS } from './alarms';
import { AUTH, NAV } from './auth';
import { contractsOf, type AnyContract } from './define';
import { BOARDS, CUSTOM_PANELS } from './boards';
import { DEVICES } from './devices';
import { EQUIPMENT, FLEET } from './equipment';
import { LIFTING_DRIVERS } from './liftingDrivers';
import { HISTORY, OPERATIONS } from './history';
import { PEOPLE } from './people';
import { SYSTEM } from './system';
import { TENANCY } from './tenancy';
import { TUNNEL } from './tunnel';
import { CYCLES } from './cycles';
import { ATTENDANCE } from './attendance';
import { CAPTURES } from './captures';
import { VIDEO } from './video';
import { ENVIRONMENT } from './environment';
import { VEHICLES } from './vehicles';
import { COMPANY } from './company';
import { ATTACHMENTS } from './attachments';
import { EVENTS, HOME } from './home';
import { EMERGENCY } from './emergency';
import { INSPECTIONS } from './inspections';
import { SCHEDULE } from './schedule';
import { EDUCATION } from './education';

export * from './define';
export * from './admin';
export { ALARMS, XLSX_MEDIA_TYPE } from './alarms';
export { AUTH, NAV, postDomainBody } from './auth';
export * from './boards';
export { DEVICES } from './devices';
export * from './equipment';
export * from './liftingDrivers';
export * from './history';
export * from './people';
export { SYSTEM } from './system';
export * from './tenancy';
export * from './tunnel';
export * from './cycles';
export * from './attendance';
export { CAPTURES } from './captures';
export { VIDEO } from './video';
export * from './environment';
export * from './vehicles';
export * from './company';
export { ATTACHMENTS } from './attachments';
export { EVENTS, HOME } from './home';
export * from './emergency';
export * from './inspections';
export * from './schedule';
export * from './education';

/**
 * Every REST endpoint's contract (docs/api.md): the server registers each route from its contract, the
 * browser calls through it, the OpenAPI document and the authorisation table are generated from this list.
 */
export const CONTRACTS: readonly AnyContract[] = [...contractsOf(AUTH), ...contractsOf(ALARMS), ...contractsOf(DEVICES), ...contractsOf(HISTORY), ...contractsOf(OPERATIONS), ...contractsOf(BOARDS), ...contractsOf(CUSTOM_PANELS), ...contractsOf(PEOPLE), ...contractsOf(FLEET), ...contractsOf(EQUIPMENT), ...contractsOf(LIFTING_DRIVERS), ...contractsOf(NAV), ...contractsOf(SYSTEM), ...contractsOf(ADMIN), ...contractsOf(TENANCY), ...contractsOf(TUNNEL), ...contractsOf(CYCLES), ...contractsOf(ATTENDANCE), ...contractsOf(CAPTURES), ...contractsOf(VIDEO), ...contractsOf(ENVIRONMENT), ...contractsOf(VEHICLES), ...contractsOf(COMPANY), ...contractsOf(ATTACHMENTS), ...contractsOf(EVENTS), ...contractsOf(HOME), ...contractsOf(EMERGENCY), ...contractsOf(INSPECTIONS), ...contractsOf(SCHEDULE), ...contractsOf(EDUCATION)];

/** Who may call each contract's path (the authorisation table of server/http/routePermissions.ts). */
export function accessByPath(contracts: readonly AnyContract[]): Record<string, RouteAccess> {
  const table: Record<string, RouteAccess> = {};
  for (const c of contracts) {
    if (c.path in table) throw new Error(`two contracts for ${c.path}`);
    table[c.path] = c.permission;
  }
  return table;
}
