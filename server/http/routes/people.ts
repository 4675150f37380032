import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  MAX_PEOPLE_PER_PROJECT,
  MAX_ZONES_PER_PROJECT,
  PEOPLE,
  beijingDateOf,
  beijingDayStart,
  maskIdNumber,
  MASKED_ID_NUMBER,
  thresholdSchema,
  userMay,
  type Person,
  type PersonList,
  type SessionUser,
  type PersonListBody,
  type PersonRow,
  type Threshold,
  type Zone,
  type ZoneHours,
} from '../../../protocol';
import { inZone } from '../../rules/zoneRules';
import { zoneColumns, zoneFromRow } from '../../rules/zoneStore';
import type { ZoneStats } from '../../rules/types';
import type { ProjectLiveState } from '../../cluster/liveShare';
import {
  beaconRows,
  beaconTaken,
  countPeople,
  countZones,
  deletePerson,
  deleteZone,
  findPerson,
  fromJson,
  hasTunnel,
  insertPeople,
  insertZones,
  latestPortalCrossings,
  listPeople,
  openSosDevices,
  portalCountsAt,
  threeLevelEducated,
  updatePerson,
  updateZone,
  zoneHourRows,
  zoneNames,
  zoneRows,
  zoneRowsByPlace,
  type Database,
} from '../../storage';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps, type HttpLive } from '../context';
import { parseBody } from '../validation';
import { beijingTime, sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';

/** Battery warning when a beacon has no battery threshold (protocol/kinds/beacon.ts default, convention ≤ 20 %). */
const DEFAULT_LOW_BATTERY_PCT = 20;

/** What the person rows need besides the registry: beacons, zones, live state and open SOS alarms. */
interface LiveContext {
  beacons: Map<string, { name: string; tunnelId: string | null; thresholds: Threshold[] }>;
  zones: Zone[];
  /** The zone rules' figures, read once per request (headcounts are computed over every beacon). */
  stats: ZoneStats;
  state: ProjectLiveState['devices'];
  openSos: Set<string>;
  /** People a three-level entry education record names. */
  educated: Set<string>;
}

async function liveContext(db: Kysely<Database>, live: HttpLive, projectId: string): Promise<LiveContext> {
  const devices = await beaconRows(db, projectId);
  const beacons = new Map<string, { name: string; tunnelId: string | null; thresholds: Threshold[] }>();
  for (const d of devices) {
    const parsed = thresholdSchema.array().safeParse(fromJson(d.thresholds));
    beacons.set(d.sn, { name: d.name, tunnelId: d.tunnel_id, thresholds: parsed.success ? parsed.data : [] });
  }
  const zones = (await zoneRows(db, projectId)).map(zoneFromRow);
  const sos = await openSosDevices(db, projectId);
  const state = await live.liveState(projectId);
  const educated = (await threeLevelEducated(db, projectId)).get(projectId) ?? new Set<string>();
  return { beacons, zones, stats: state.zones, state: state.devices, openSos: new Set(sos), educated };
}

/** Whole years from `birthDate` (YYYY-MM-DD) to the Beijing date of `nowMs`; null without a birth date. */
export function ageOn(birthDate: string | null, nowMs: number): number | null {
  if (birthDate === null) return null;
  const today = beijingDateOf(nowMs);
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/**
 * Whether `user` sees ID numbers whole: an installation administrator or an organisation administrator of
 * the project (role orgAdmin, permission project.admin). Everyone else gets them masked (docs/api.md).
 */
export function seesIdNumbers(user: SessionUser, projectId: string): boolean {
  return user.isAdmin || userMay(user, projectId, 'project.admin');
}

/** `p` as `user` may see it: the ID number masked unless they are an administrator. */
function forViewer<P extends Person>(p: P, user: SessionUser): P {
  return p.idNumber === '' || seesIdNumbers(user, p.projectId) ? p : { ...p, idNumber: maskIdNumber(p.idNumber) };
}

/** A person with the live state of their beacon. */
function rowOf(p: Person, c: LiveContext): PersonRow {
  const sn = p.beaconSn;
  const s = sn ? c.state.get(sn) : undefined;
  const latest = s?.latest ?? null;
  const battery = typeof latest?.battery === 'number' ? latest.battery : null;
  const fix = sn ? c.stats.position(sn) : undefined;
  const tunnelId = fix?.tunnelId ?? (typeof latest?.chainageM === 'number' && sn ? (c.beacons.get(sn)?.tunnelId ?? null) : null);
  const chainageM = fix?.chainageM ?? (typeof latest?.chainageM === 'number' ? latest.chainageM : null);
  const zoneIds = fix?.zoneIds ?? (tunnelId !== null && chainageM !== null ? c.zones.filter((z) => inZone(z, tunnelId, chainageM)).map((z) => z.zoneId) : []);
  const low = (sn ? c.beacons.get(sn)?.thresholds.find((t) => t.metric === 'battery')?.warnLow : null) ?? DEFAULT_LOW_BATTERY_PCT;
  return {
    ...p,
    // the offline rule, not the status: a silent tag keeps the warning or alarm it last reported
    online: !!s && (s.online ?? (s.status !== 'offline' && s.status !== 'unknown')),
    sos: !!sn && (latest?.sos === 1 || c.openSos.has(sn)),
    lowBattery: battery !== null && battery <= low,
    battery,
    tunnelId,
    chainageM,
    zoneIds,
    lastSeenMs: s?.lastSeenMs ?? null,
    age: ageOn(p.birthDate, Date.now()),
    outsideArea: zoneIds.length === 0,
    entryEducation: c.educated.has(p.personId),
  };
}

function matches(r: PersonRow, q: string): boolean {
  const needle = q.toLowerCase();
  return [r.name, r.beaconSn ?? '', r.phone, r.company, r.team, r.workType, r.position].some((f) => f.toLowerCase().includes(needle));
}

/** A unique-index violation (a beacon sn given twice) becomes CONFLICT; anything else is rethrown. */
function conflictOnDuplicate(err: unknown): never {
  if (typeof err === 'object' && err !== null && ((err as { code?: string }).code === '23505' || /unique|duplicate/i.test(String((err as Error).message)))) {
    throw new ApiError('CONFLICT', 'person.beaconSn: this beacon is already assigned to another person');
  }
  throw err;
}

async function checkBeacon(db: Kysely<Database>, projectId: string, beaconSn: string | null, exceptPersonId?: string): Promise<void> {
  if (beaconSn === null) return;
  if (await beaconTaken(db, projectId, beaconSn, exceptPersonId)) throw new ApiError('CONFLICT', 'person.beaconSn: this beacon is already assigned to another person');
}

async function requireTunnel(db: Kysely<Database>, projectId: string, tunnelId: string): Promise<void> {
  if (!(await hasTunnel(db, projectId, tunnelId))) throw new ApiError('VALIDATION', `zone.tunnelId: no tunnel ${tunnelId} in this project`);
}

/**
 * The rows of person/list and person/export: the registry with live state, filtered (at most
 * MAX_PEOPLE_PER_PROJECT), ID numbers as `user` may see them. The area counts are of the rows matching
 * every filter but `outsideArea`.
 */
async function filteredPeople(deps: HttpDeps, user: SessionUser, body: Omit<PersonListBody, 'format'> & { projectId: string }): Promise<PersonList> {
  const people = await listPeople(deps.db, body.projectId, MAX_PEOPLE_PER_PROJECT);
  const c = await liveContext(deps.db, deps.live(), body.projectId);
  const all = people.map((p) => forViewer(rowOf(p, c), user));
  const matching = all.filter(
    (r) =>
      (!body.tunnelId || r.tunnelId === body.tunnelId) &&
      (!body.zoneId || r.zoneIds.includes(body.zoneId)) &&
      (!body.company || r.company === body.company) &&
      (!body.team || r.team === body.team) &&
      (!body.status || (body.status === 'online' ? r.online : body.status === 'offline' ? !r.online : body.status === 'sos' ? r.sos : r.lowBattery)) &&
      (!body.position || r.position === body.position) &&
      (!body.q || matches(r, body.q)),
  );
  const list = body.outsideArea === undefined ? matching : matching.filter((r) => r.outsideArea === body.outsideArea);
  const outsideAreaCount = matching.filter((r) => r.outsideArea).length;
  const distinct = (f: (r: PersonRow) => string) => [...new Set(all.map(f).filter((v) => v !== ''))].sort();
  return {
    total: list.length,
    list,
    companies: distinct((r) => r.company),
    teams: distinct((r) => r.team),
    positions: distinct((r) => r.position),
    outsideAreaCount,
    insideAreaCount: matching.length - outsideAreaCount,
  };
}

/** Columns of the person export (English headers, like the alarm export). */
const EXPORT_COLUMNS: Array<{ header: string; width: number; cell: (r: PersonRow, zones: Map<string, string>) => string | number | null }> = [
  { header: 'Name', width: 16, cell: (r) => r.name },
  { header: 'Beacon', width: 10, cell: (r) => r.beaconSn },
  { header: 'Company', width: 28, cell: (r) => r.company },
  { header: 'Team', width: 16, cell: (r) => r.team },
  { header: 'Work type', width: 18, cell: (r) => r.workType },
  { header: 'Phone', width: 16, cell: (r) => r.phone },
  { header: 'Position', width: 16, cell: (r) => r.position },
  { header: 'Gender', width: 8, cell: (r) => r.gender },
  { header: 'Birth date', width: 12, cell: (r) => r.birthDate },
  { header: 'Age', width: 6, cell: (r) => r.age },
  { header: 'ID number', width: 22, cell: (r) => r.idNumber },
  { header: 'Real-name card', width: 16, cell: (r) => r.realNameCardNo },
  { header: 'Address', width: 32, cell: (r) => r.address },
  { header: 'Entry date', width: 12, cell: (r) => r.entryDate },
  { header: 'Leave date', width: 12, cell: (r) => r.leaveDate },
  { header: 'Status', width: 20, cell: (r) => [r.sos ? 'SOS' : null, r.online ? 'online' : 'offline', r.lowBattery ? 'low battery' : null].filter(Boolean).join(', ') },
  { header: 'Battery %', width: 10, cell: (r) => r.battery },
  { header: 'Bore', width: 8, cell: (r) => r.tunnelId },
  { header: 'Distance from portal (m)', width: 14, cell: (r) => r.chainageM },
  { header: 'Zones', width: 36, cell: (r, zones) => r.zoneIds.map((id) => zones.get(id) ?? id).join('; ') },
  { header: 'Last seen (Beijing time)', width: 20, cell: (r) => (r.lastSeenMs === null ? null : beijingTime(r.lastSeenMs)) },
];

/**
 * People and zones (protocol/people.ts, docs/api.md "People and zones"). Viewing is for members (the
 * intended role is safety officer and above); changes are for administrators (intended: project manager
 * or administrator). Person and zone changes reload the project's live rules.
 */
export function registerPeopleRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  /** person/list: the registry with live state, filtered. Role: safety officer and above (members today). */
  route(app, deps, PEOPLE.personList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return filteredPeople(deps, user, body);
  });

  // person/export: the file itself (not an envelope), the same rows as person/list (server/http/tableExport.ts). Role: safety officer and above (members today).
  rawRoute(app, PEOPLE.personExport, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(PEOPLE.personExport.body, req.body);
    requireMember(user, body.projectId);
    const { list } = await filteredPeople(deps, user, body);
    const zones = new Map((await zoneNames(db, body.projectId)).map((z) => [z.zone_id, z.name]));
    const columns: Array<ExportColumn<PersonRow>> = EXPORT_COLUMNS.map((c) => ({ header: c.header, width: c.width, cell: (r) => c.cell(r, zones) }));
    return sendTableExport(req, reply, { format: body.format, fileName: stampedFileName(`people-${body.projectId}`, body.format), sheetName: 'People', columns, pages: async function* () { yield list; } });
  });

  /** person/detail: one person (by id or by beacon), live values, thresholds and zones. Role: safety officer and above. */
  route(app, deps, PEOPLE.personDetail, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const row = await findPerson(db, body.projectId, 'personId' in body ? { personId: body.personId } : { beaconSn: body.beaconSn });
    if (!row && 'personId' in body) throw new ApiError('NOT_FOUND', 'No such person');
    const beaconSn = row?.beaconSn ?? ('beaconSn' in body ? body.beaconSn : null);
    const c = await liveContext(db, deps.live(), body.projectId);
    if (beaconSn === null) {
      const person = forViewer(rowOf(row!, c), user);
      return { person, beaconSn: '', deviceName: null, latest: null, thresholds: [], zones: [] };
    }
    const beacon = c.beacons.get(beaconSn);
    if (!row && !beacon) throw new ApiError('NOT_FOUND', 'No such person or beacon');
    const person = row ? forViewer(rowOf(row, c), user) : null;
    const fix = c.stats.position(beaconSn);
    const zoneIds = person?.zoneIds ?? fix?.zoneIds ?? [];
    return {
      person,
      beaconSn,
      deviceName: beacon?.name ?? null,
      latest: c.state.get(beaconSn)?.latest ?? null,
      thresholds: (beacon?.thresholds ?? []).map((t) => ({ metric: t.metric, unit: t.unit, warnHigh: t.warnHigh, alarmHigh: t.alarmHigh, warnLow: t.warnLow, alarmLow: t.alarmLow })),
      zones: c.zones.filter((z) => zoneIds.includes(z.zoneId)).map((z) => ({ zoneId: z.zoneId, name: z.name, kind: z.kind })),
    };
  });

  /** person/add. Role: project manager or administrator (administrators today). */
  route(app, deps, PEOPLE.personAdd, async ({ body, user }) => {
    requireMember(user, body.projectId);
    if ((await countPeople(db, body.projectId)) >= MAX_PEOPLE_PER_PROJECT) throw new ApiError('VALIDATION', `person: a project registers at most ${MAX_PEOPLE_PER_PROJECT} people`);
    if (MASKED_ID_NUMBER.test(body.person.idNumber)) throw new ApiError('VALIDATION', 'person.idNumber: enter the whole ID number');
    await checkBeacon(db, body.projectId, body.person.beaconSn);
    const personId = randomUUID();
    const [person] = await insertPeople(db, body.projectId, [{ ...body.person, personId }], Date.now()).catch(conflictOnDuplicate);
    await deps.live().reloadDevices(body.projectId);
    return forViewer(person, user);
  });

  /** person/edit. Role: project manager or administrator (administrators today). */
  route(app, deps, PEOPLE.personEdit, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await checkBeacon(db, body.projectId, body.person.beaconSn, body.personId);
    const fields = { ...body.person };
    if (MASKED_ID_NUMBER.test(fields.idNumber)) {
      // a form filled from a masked answer sends the mask back: the stored number stays
      const stored = (await findPerson(db, body.projectId, { personId: body.personId }))?.idNumber ?? '';
      if (stored === '' || maskIdNumber(stored) !== fields.idNumber) throw new ApiError('VALIDATION', 'person.idNumber: enter the whole ID number');
      fields.idNumber = stored;
    }
    const person = await updatePerson(db, body.projectId, body.personId, fields, Date.now()).catch(conflictOnDuplicate);
    if (!person) throw new ApiError('NOT_FOUND', 'No such person');
    await deps.live().reloadDevices(body.projectId);
    return forViewer(person, user);
  });

  /** person/delete. Role: project manager or administrator (administrators today). */
  route(app, deps, PEOPLE.personDelete, async ({ body, user }) => {
    requireMember(user, body.projectId);
    if (!(await deletePerson(db, body.projectId, body.personId))) throw new ApiError('NOT_FOUND', 'No such person');
    await deps.live().reloadDevices(body.projectId);
    return { personId: body.personId };
  });

  /** zone/list: zones with headcount and today's portal counts. Role: safety officer and above (members today). */
  route(app, deps, PEOPLE.zoneList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const zones = (await zoneRowsByPlace(db, body.projectId, body.tunnelId)).map(zoneFromRow);
    const stats = (await deps.live().liveState(body.projectId)).zones;
    return zones.map((z) => ({ ...z, headcount: stats.headcount.get(z.zoneId) ?? 0, portalIn: stats.portal.get(z.zoneId)?.in ?? 0, portalOut: stats.portal.get(z.zoneId)?.out ?? 0 }));
  });

  /**
   * zone/hours: per zone (the project's zones by name, or the one asked) its stored hours starting in
   * [fromMs, toMs), oldest first (server/rules/zoneHours.ts). At most 31 days: 744 rows per zone.
   * Role: safety officer and above (members today). @throws NOT_FOUND for a zone the project does not have
   */
  route(app, deps, PEOPLE.zoneHours, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const zones = await zoneNames(db, body.projectId, body.zoneId);
    if (body.zoneId && zones.length === 0) throw new ApiError('NOT_FOUND', 'No such zone');
    const rows = await zoneHourRows(
      db,
      body.projectId,
      zones.map((z) => z.zone_id),
      body.fromMs,
      body.toMs,
    );
    const byZone = new Map(zones.map((z) => [z.zone_id, { zoneId: z.zone_id, name: z.name, hours: [] as ZoneHours['zones'][number]['hours'] }]));
    for (const r of rows) byZone.get(r.zone_id)?.hours.push({ hourStartMs: r.hour_start_ms, headcount: r.headcount, maxHeadcount: r.max_headcount, portalIn: r.portal_in, portalOut: r.portal_out });
    return { zones: [...byZone.values()] };
  });

  /**
   * zone/portalCounts: the portal zones (by bore and chainage) with their in/out counts from 00:00 Beijing
   * time to the instant and their latest crossings at or before it. No `at`: now, the live rules' counts (as
   * zone/list); `at`: the stored hours and the crossing log (server/storage/portalCrossings.ts). Bounded: one
   * day's hours and at most 10 crossings per portal zone. Role: safety officer and above (members today).
   */
  route(app, deps, PEOPLE.zonePortalCounts, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const portals = (await zoneRowsByPlace(db, body.projectId)).map(zoneFromRow).filter((z) => z.kind === 'portal');
    const ids = portals.map((z) => z.zoneId);
    const atMs = body.at ?? Date.now();
    let countedToMs = atMs;
    let counts: ReadonlyMap<string, { in: number; out: number }>;
    if (body.at === undefined) counts = (await deps.live().liveState(body.projectId)).zones.portal;
    else ({ countedToMs, counts } = await portalCountsAt(db, body.projectId, ids, atMs, beijingDayStart(atMs)));
    const crossings = await latestPortalCrossings(db, body.projectId, ids, atMs, body.crossings);
    return {
      atMs,
      countedToMs,
      portals: portals.map((z) => ({
        zoneId: z.zoneId, name: z.name, tunnelId: z.tunnelId, fromM: z.fromM, toM: z.toM,
        portalIn: counts.get(z.zoneId)?.in ?? 0, portalOut: counts.get(z.zoneId)?.out ?? 0, crossings: crossings.get(z.zoneId) ?? [],
      })),
    };
  });

  /** zone/add. Role: administrator. */
  route(app, deps, PEOPLE.zoneAdd, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await requireTunnel(db, body.projectId, body.zone.tunnelId);
    if ((await countZones(db, body.projectId)) >= MAX_ZONES_PER_PROJECT) throw new ApiError('VALIDATION', `zone: a project has at most ${MAX_ZONES_PER_PROJECT} zones`);
    const [row] = await insertZones(db, body.projectId, [{ zoneId: `Z-${randomUUID()}`, ...zoneColumns(body.zone) }], Date.now());
    await deps.live().reloadDevices(body.projectId);
    return zoneFromRow(row);
  });

  /** zone/edit. Role: administrator. */
  route(app, deps, PEOPLE.zoneEdit, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await requireTunnel(db, body.projectId, body.zone.tunnelId);
    const row = await updateZone(db, body.projectId, body.zoneId, zoneColumns(body.zone), Date.now());
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.live().reloadDevices(body.projectId);
    return zoneFromRow(row);
  });

  /** zone/delete. Role: administrator. Open alarms of the zone clear with the reload. */
  route(app, deps, PEOPLE.zoneDelete, async ({ body, user }) => {
    requireMember(user, body.projectId);
    if (!(await deleteZone(db, body.projectId, body.zoneId))) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.live().reloadDevices(body.projectId);
    return { zoneId: body.zoneId };
  });
}
