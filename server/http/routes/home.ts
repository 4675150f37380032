import type { FastifyInstance } from 'fastify';
import { ALARM_GROUPS, beijingDayStart, environmentCompliance, HOME, HOME_LATEST_EVENTS, HOME_LIVE_SLACK_MS, LIFT_WORKING_WINDOW_MS, safeProductionDays, VEHICLE_PRESENT_MS, type AlarmGroup } from '../../../protocol';
import { MAX_DAILY_DAYS } from '../../../protocol/contracts/environment';
import { alarmCountsByGroup, attendanceToday, environmentDaily, machineryByState, eventsAfter, findProjectRow, lastRecordableAccidentMs, projectProfile, setProjectProfile, toProjectDetails } from '../../storage';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { MOVING_KMH } from '../../vehicles/speed';

const DAY_MS = 86_400_000;

/** Counts by group in the order of ALARM_GROUPS, groups without alarms left out. */
function groupList(counts: Map<AlarmGroup, number>): Array<{ group: AlarmGroup; count: number }> {
  return ALARM_GROUPS.filter((g) => (counts.get(g) ?? 0) > 0).map((group) => ({ group, count: counts.get(group)! }));
}

const sum = (counts: Map<AlarmGroup, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/**
 * The project home (docs/api.md "Project home"): home/summary to members (as of `atMs`, default now), the
 * profile to the project's administrators (audited).
 */
export function registerHomeRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, HOME.summary, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { projectId } = body;
    const atMs = body.atMs ?? Date.now();
    const row = await findProjectRow(deps.db, projectId);
    if (!row) throw new ApiError('NOT_FOUND', 'There is no such project');
    const today = beijingDayStart(atMs);
    const [profile, accident, env, alarmsToday, alarmsWeek, latest] = await Promise.all([
      projectProfile(deps.db, projectId),
      lastRecordableAccidentMs(deps.db, projectId, atMs),
      environmentDaily(deps.db, projectId, MAX_DAILY_DAYS, atMs, false), // compliance only: no noise minutes
      alarmCountsByGroup(deps.db, projectId, today, atMs + 1),
      alarmCountsByGroup(deps.db, projectId, today - 6 * DAY_MS, atMs + 1),
      eventsAfter(deps.db, { projectId, toMs: atMs + 1 }, null, HOME_LATEST_EVENTS),
    ]);
    const { name, coName, projectType, location, latitude, longitude, contractor, startDate, plannedEndDate, keyFigures } = toProjectDetails(row, null);
    return {
      project: { projectId, name, coName, projectType, location, latitude, longitude, contractor, startDate, plannedEndDate, keyFigures },
      profile,
      safeDays: safeProductionDays(accident, startDate, atMs),
      environment: environmentCompliance(env.stations),
      alarms: { today: groupList(alarmsToday), week: groupList(alarmsWeek), todayTotal: sum(alarmsToday), weekTotal: sum(alarmsWeek) },
      latestEvents: latest,
    };
  });

  route(app, deps, HOME.statistics, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { projectId } = body;
    const nowMs = Date.now();
    const atMs = Math.min(body.atMs ?? nowMs, nowMs);
    if (!(await findProjectRow(deps.db, projectId))) throw new ApiError('NOT_FOUND', 'There is no such project');
    // device states are kept as of now: a replayed instant gets no machinery and no beacon count
    const live = nowMs - atMs <= HOME_LIVE_SLACK_MS;
    const [machinery, attendance] = await Promise.all([
      live ? machineryByState(deps.db, projectId, { nowMs, liftWindowMs: LIFT_WORKING_WINDOW_MS, presentMs: VEHICLE_PRESENT_MS, movingKmh: MOVING_KMH }) : null,
      attendanceToday(deps.db, projectId, beijingDayStart(atMs), atMs, live),
    ]);
    return {
      atMs,
      machinery: machinery && { ...machinery, workingNow: machinery.lifting.working + machinery.vehicles.working },
      attendance,
    };
  });

  route(app, deps, HOME.profileSet, async ({ body, user }) => {
    requireMember(user, body.projectId);
    if (!(await findProjectRow(deps.db, body.projectId))) throw new ApiError('NOT_FOUND', 'There is no such project');
    await setProjectProfile(deps.db, body.projectId, body.profile, Date.now());
    return body.profile;
  });
}
