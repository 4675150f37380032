import type { FastifyInstance } from 'fastify';
import { beijingDayStart, COMPANY, companyStatistic, excavatedPct, safeProductionDays, type CompanyBody, type CompanyProject, type ProjectState, type SessionUser } from '../../../protocol';
import { beaconWearers, boreExcavations, gatePeopleSince, lastRecordableAccidents, openAlarmCounts, projectExternalUrl, visibleProjectRows } from '../../storage';
import { route, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/** At most this many projects are answered (oldest first): a company homepage, not an export. */
export const MAX_COMPANY_PROJECTS = 500;

/** Message of company/homepage/glodonProjectUrl for a project without an external link. */
export const NO_EXTERNAL_URL = 'No external project link is set for this project';

/**
 * The people of `projectId` among its beacon `wearers` whose beacon was fixed since `sinceMs`, by person id
 * (live; in a cluster, what the nodes share).
 */
async function beaconPeopleSince(deps: HttpDeps, projectId: string, wearers: ReadonlyArray<{ personId: string; beaconSn: string }>, sinceMs: number): Promise<string[]> {
  if (wearers.length === 0) return [];
  const { zones } = await deps.live().liveState(projectId);
  return wearers.filter((w) => (zones.position(w.beaconSn)?.lastFixMs ?? -Infinity) >= sinceMs).map((w) => w.personId);
}

/**
 * The projects `user` may see (of organisation `coId` when given) with their key figures at `nowMs`:
 * people on site today are those through a gate or seen by a beacon since 00:00 Beijing time; safe days as on
 * the project home (since the last recordable accident in the event book, else since the start date).
 */
async function companyProjects(deps: HttpDeps, user: SessionUser, body: CompanyBody, nowMs: number): Promise<CompanyProject[]> {
  const rows = (await visibleProjectRows(deps.db, user.isAdmin ? null : user.projects.map((p) => p.projectId), body.coId)).slice(0, MAX_COMPANY_PROJECTS);
  const ids = rows.map((r) => r.project_id);
  const today = beijingDayStart(nowMs);
  const [alarms, gates, bores, wearers, accidents] = await Promise.all([
    openAlarmCounts(deps.db, ids),
    gatePeopleSince(deps.db, ids, today),
    boreExcavations(deps.db, ids),
    beaconWearers(deps.db, ids),
    lastRecordableAccidents(deps.db, ids, nowMs),
  ]);
  const beaconPeople = await Promise.all(rows.map((r) => beaconPeopleSince(deps, r.project_id, wearers.get(r.project_id) ?? [], today)));
  return rows.map((r, i) => ({
    projectId: r.project_id,
    name: r.name,
    coId: r.co_id,
    coName: r.co_name,
    projectType: r.project_type as CompanyProject['projectType'],
    projectState: r.project_state as ProjectState,
    location: r.location,
    latitude: r.latitude,
    longitude: r.longitude,
    progressPct: excavatedPct(bores.get(r.project_id) ?? []),
    openAlarms: alarms.get(r.project_id) ?? 0,
    peopleOnSiteToday: new Set([...(gates.get(r.project_id) ?? []), ...beaconPeople[i]]).size,
    safeDays: safeProductionDays(accidents.get(r.project_id) ?? null, r.start_date, nowMs).days,
    hasExternalUrl: r.external_url !== '',
  }));
}

/** The company homepage (docs/api.md "Company homepage"): figures, the project list, the external project link. */
export function registerCompanyRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, COMPANY.statistic, async ({ body, user }) => companyStatistic(await companyProjects(deps, user, body, Date.now())));

  route(app, deps, COMPANY.project, async ({ body, user }) => companyProjects(deps, user, body, Date.now()));

  route(app, deps, COMPANY.glodonProjectUrl, async ({ body }) => {
    const url = await projectExternalUrl(deps.db, body.projectId);
    if (!url) throw new ApiError('NOT_FOUND', NO_EXTERNAL_URL);
    return url;
  });
}
