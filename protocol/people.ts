import { z } from 'zod';
import { TOPIC_SEGMENT } from './kinds';
import { idNumberBirthDate, idNumberProblem } from './idNumber';

/**
 * People and zones API (docs/api.md "People and zones"): the person registry (who wears which beacon) and
 * the zones of each tunnel bore whose rules raise personnel alarms (server/rules/zoneRules.ts). The routes
 * are the contracts of protocol/contracts/people.ts.
 */

/** Most people one project registers (the registry and the rules stay bounded). */
export const MAX_PEOPLE_PER_PROJECT = 5_000;
/** Most zones one project defines. */
export const MAX_ZONES_PER_PROJECT = 200;

const projectIdField = z.string().min(1).max(64);
const segment = z.string().regex(TOPIC_SEGMENT, { error: 'must be 1–64 of A–Z a–z 0–9 _ -' });
const text = (max: number) => z.string().trim().max(max);

/** Genders of the real-name register (the ID number's sequence code: odd for men, even for women). */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** A calendar date, YYYY-MM-DD (Beijing time), that exists. */
const isoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD' });

/**
 * An ID number as answered masked (protocol/idNumber.ts maskIdNumber): sent back unchanged by person/edit it
 * keeps the stored number (a form filled from a masked answer); person/add refuses it.
 */
export const MASKED_ID_NUMBER = /^[0-9]{4}\*{10}[0-9X]{4}$/;

/**
 * The resident identity card number (GB 11643-1999, protocol/idNumber.ts), upper-case X; empty when unknown.
 * Personal data: answered masked to everyone but administrators (docs/api.md "People and zones").
 */
export const idNumberField = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .check((ctx) => {
    if (ctx.value === '' || MASKED_ID_NUMBER.test(ctx.value)) return;
    const problem = idNumberProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** A person's registry fields (what an administrator types). */
const personFieldsObject = z.strictObject({
  name: text(64).min(1, { error: 'must not be empty' }),
  /** Serial number of the card or beacon the person wears; null while none is issued. Unique per project. */
  beaconSn: segment.nullable(),
  company: text(64),
  team: text(64),
  /** Trade or work type (driller, shot-firer, electrician…). */
  workType: text(64),
  /** Digits, spaces, `+ - ( )`; empty when unknown. */
  phone: z.string().trim().regex(/^[0-9+()\- ]{0,32}$/, { error: 'must be up to 32 digits, spaces or + - ( )' }),
  /** Absent (older clients): null, unknown. */
  gender: z.enum(GENDERS).nullable().default(null),
  /** YYYY-MM-DD; null when unknown. The age shown is computed from it. */
  birthDate: isoDate.nullable().default(null),
  /** Resident identity card number, 18 characters with its check digit; empty when unknown. */
  idNumber: idNumberField.default(''),
  /** Number of the site's real-name (实名制) card; empty when none is issued. */
  realNameCardNo: text(32).default(''),
  /** Home or registered address. */
  address: text(128).default(''),
  /** Position (job title) on site: foreman, safety officer, team leader… (the trade is `workType`). */
  position: text(64).default(''),
  /** Day the person joined the site (YYYY-MM-DD); null when unknown. */
  entryDate: isoDate.nullable().default(null),
  /** Day the person left the site; null while still on it. */
  leaveDate: isoDate.nullable().default(null),
});

/**
 * A person's registry fields, checked together: the leave date not before the entry date, and the birth
 * date the ID number carries (when both are given, they agree).
 */
export const personFieldsSchema = personFieldsObject
  .refine((p) => p.entryDate === null || p.leaveDate === null || p.leaveDate >= p.entryDate, { error: 'must not be before the entry date', path: ['leaveDate'] })
  .refine((p) => p.idNumber === '' || MASKED_ID_NUMBER.test(p.idNumber) || p.birthDate === null || idNumberBirthDate(p.idNumber) === p.birthDate, { error: 'does not match the birth date in the ID number', path: ['birthDate'] });
export type PersonFields = z.output<typeof personFieldsSchema>;
/** The fields as a caller may send them (the added identity fields may be left out). */
export type PersonFieldsInput = z.input<typeof personFieldsSchema>;
/** The shape of the registry fields, for answers that carry a person (the ID number may come masked). */
export const personFieldsShape = personFieldsObject.shape;

/** The identity fields of a person of whom none is known (a beacon's wearer registered by name only). */
export const NO_IDENTITY: Pick<PersonFields, 'gender' | 'birthDate' | 'idNumber' | 'realNameCardNo' | 'address' | 'position' | 'entryDate' | 'leaveDate'> = {
  gender: null,
  birthDate: null,
  idNumber: '',
  realNameCardNo: '',
  address: '',
  position: '',
  entryDate: null,
  leaveDate: null,
};

/** A registered person. */
export interface Person extends PersonFields {
  personId: string;
  projectId: string;
  updatedAtMs: number;
}

/** Status filters of the person list (a person can hold several: offline and low battery). */
export const PERSON_STATUSES = ['online', 'offline', 'sos', 'lowBattery'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

/** A person as the list shows them: registry fields plus the beacon's live state. */
export interface PersonRow extends Person {
  /** The beacon reported within its offline window (3 periods, docs/device-protocol.md). */
  online: boolean;
  /** The beacon's SOS is on, or an SOS alarm of it is still unhandled. */
  sos: boolean;
  /** Battery at or under the beacon's low-battery warning threshold. */
  lowBattery: boolean;
  /** Battery %, null before the first report. */
  battery: number | null;
  /** Bore and distance from its entry portal (m) of the last fix; null before the first report. */
  tunnelId: string | null;
  chainageM: number | null;
  /** Zones containing the last fix. */
  zoneIds: string[];
  /** Server time of the last report (ms), null if never. */
  lastSeenMs: number | null;
  /** Whole years since `birthDate` on today's Beijing date; null without a birth date. */
  age: number | null;
  /** Outside every zone of the project, or without a recent fix (docs/domain.md "Outside area"). */
  outsideArea: boolean;
  /** A three-level entry education record names the person (docs/domain.md "Safety education"). */
  entryEducation: boolean;
}

export const personListBody = z.strictObject({
  projectId: projectIdField,
  tunnelId: segment.optional(),
  zoneId: segment.optional(),
  company: text(64).optional(),
  team: text(64).optional(),
  status: z.enum(PERSON_STATUSES).optional(),
  /** Exact position (job title). */
  position: text(64).optional(),
  /** true: only people outside every zone (PersonRow.outsideArea); false: only people inside one. */
  outsideArea: z.boolean().optional(),
  /** Text search in name, beacon sn, phone, company, team, work type and position (case-insensitive). */
  q: text(64).optional(),
});
export type PersonListBody = z.input<typeof personListBody>;
export const personExportBody = personListBody.extend({ format: z.enum(['xlsx', 'csv']) });
export type PersonExportBody = z.input<typeof personExportBody>;

/** Answer of person/list: the matching rows by name, and the companies and teams of the whole registry (filter choices). */
export interface PersonList {
  total: number;
  list: PersonRow[];
  companies: string[];
  teams: string[];
  /** Positions of the whole registry (filter choices). */
  positions: string[];
  /** Of the matching rows: how many are outside every zone, and how many inside one. */
  outsideAreaCount: number;
  insideAreaCount: number;
}

export const personDetailBody = z.union([
  z.strictObject({ projectId: projectIdField, personId: segment }),
  z.strictObject({ projectId: projectIdField, beaconSn: segment }),
]);

/** Answer of person/detail. `person` is null when a beacon is asked for that nobody wears (the card then shows the device). */
export interface PersonDetail {
  person: PersonRow | null;
  beaconSn: string;
  /** The beacon's device name (the seeded name of the wearer). */
  deviceName: string | null;
  /** Latest values of the beacon (vitals, battery, chainageM, sos as 0/1). */
  latest: Record<string, number> | null;
  /** The beacon's thresholds (vitals, battery) as the rules apply them. */
  thresholds: Array<{ metric: string; unit: string; warnHigh: number | null; alarmHigh: number | null; warnLow: number | null; alarmLow: number | null }>;
  /** Zones holding the last fix, by name. */
  zones: Array<{ zoneId: string; name: string; kind: ZoneKind }>;
}

export const personAddBody = z.strictObject({ projectId: projectIdField, person: personFieldsSchema });
export const personEditBody = z.strictObject({ projectId: projectIdField, personId: segment, person: personFieldsSchema });
export const personDeleteBody = z.strictObject({ projectId: projectIdField, personId: segment });
export type PersonAddBody = z.input<typeof personAddBody>;

/**
 * Zone kinds: `danger` (e.g. face to second lining: entry alarms for people of teams not authorised),
 * `work` (an underground working area), `portal` (the portal area; leaving it inwards counts an entry into
 * the tunnel, coming back an exit).
 */
export const ZONE_KINDS = ['danger', 'work', 'portal'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

/** Rule limits in minutes: 0.1 (6 s, for drills and tests) to 24 h. */
const minutes = z.number().finite().min(0.1).max(24 * 60);

/** A zone's fields. Rules are off where their limit is null. */
export const zoneFieldsSchema = z
  .strictObject({
    name: text(64).min(1, { error: 'must not be empty' }),
    kind: z.enum(ZONE_KINDS),
    /** The bore. */
    tunnelId: segment,
    /** Chainage range in metres from the bore's entry portal, fromM < toM. */
    fromM: z.number().finite().min(0).max(100_000),
    toM: z.number().finite().min(0).max(100_000),
    /** Raise an alarm when a person whose team is not in `authorizedTeams` enters. */
    entryAlarm: z.boolean(),
    /** Teams allowed in without an entry alarm (empty: nobody is). */
    authorizedTeams: z.array(text(64).min(1)).max(50),
    /** Stay too long: minutes in the zone before an alarm. */
    maxStayMin: minutes.nullable(),
    /** Over-headcount: most people allowed in the zone at once. */
    maxHeadcount: z.number().int().min(1).max(10_000).nullable(),
    /** No movement (possible fall): minutes without moving more than the positioning tolerance. */
    noMovementMin: minutes.nullable(),
    /**
     * Signal lost: seconds a beacon last seen in the zone may stay silent (a broken or shielded tag goes quiet).
     * Set, the zone also watches for beacons taken off (`worn: false`, "beacon removed").
     */
    signalLostS: z.number().int().min(5).max(24 * 3600).nullable(),
    /**
     * Gathering allowed: people of the zone are not counted by the gathering rule (the face work area at a
     * shift handover, the portal). Absent: false.
     */
    gatheringAllowed: z.boolean().default(false),
    /**
     * Teams whose work area this zone is: a person of one of them outside every zone that lists their team
     * raises "leave area" (teams listed by no zone are free to move). Absent: none.
     */
    assignedTeams: z.array(text(64).min(1)).max(50).default([]),
  })
  .refine((z) => z.fromM < z.toM, { error: 'toM: must be greater than fromM', path: ['toM'] });
export type ZoneFields = z.output<typeof zoneFieldsSchema>;

/** A zone of a project. */
export type Zone = ZoneFields & { zoneId: string; projectId: string };

/** A zone with its live counts (zone/list). */
export interface ZoneRow extends Zone {
  /** People whose last fix is in the zone now. */
  headcount: number;
  /** Portal zones: entries into and exits from the tunnel through this portal since 00:00 Beijing time (kept across a restart). */
  portalIn: number;
  portalOut: number;
}

export const zoneListBody = z.strictObject({ projectId: projectIdField, tunnelId: segment.optional() });
export const zoneAddBody = z.strictObject({ projectId: projectIdField, zone: zoneFieldsSchema });
export const zoneEditBody = z.strictObject({ projectId: projectIdField, zoneId: segment, zone: zoneFieldsSchema });
export const zoneDeleteBody = z.strictObject({ projectId: projectIdField, zoneId: segment });
export type ZoneAddBody = z.input<typeof zoneAddBody>;

/** Longest span zone/hours answers (ms): 31 days, 744 hours per zone. */
export const MAX_ZONE_HOURS_SPAN_MS = 31 * 86_400_000;

/** zone/hours: the hours starting in [fromMs, toMs) (ms since epoch), of one zone or all of the project's. */
export const zoneHoursBody = z
  .strictObject({ projectId: projectIdField, zoneId: segment.optional(), fromMs: z.number().int().nonnegative(), toMs: z.number().int().nonnegative() })
  .refine((b) => b.toMs > b.fromMs && b.toMs - b.fromMs <= MAX_ZONE_HOURS_SPAN_MS, { message: 'toMs must be after fromMs, at most 31 days later', path: ['toMs'] });
export type ZoneHoursBody = z.input<typeof zoneHoursBody>;

/**
 * One zone's hour as the zone rules counted it (server/rules/zoneHours.ts, or the demo backfill for the past).
 * An hour without a row counted nobody in the zone and, for a portal, nobody passing. `hourStartMs`: hour
 * start, ms since epoch; `headcount`: people in the zone at the hour's end (the hour under way: when last
 * written); `maxHeadcount`: the most counted at a minute's end within the hour; `portalIn`/`portalOut`: portal
 * zones' entries into and exits from the tunnel within the hour (0 for other zones).
 */
export const zoneHourSchema = z.object({
  hourStartMs: z.number().int(),
  headcount: z.number().int().nonnegative(),
  maxHeadcount: z.number().int().nonnegative(),
  portalIn: z.number().int().nonnegative(),
  portalOut: z.number().int().nonnegative(),
});
export type ZoneHour = z.infer<typeof zoneHourSchema>;

/** zone/hours answer: per zone (of the project's zones, or the one asked), its hours oldest first; the browser parses it. */
export const zoneHoursSchema = z.object({
  zones: z.array(z.object({ zoneId: z.string(), name: z.string(), hours: z.array(zoneHourSchema) })),
});
export type ZoneHours = z.infer<typeof zoneHoursSchema>;

/** Most recent crossings zone/portalCounts answers per portal zone (the panel shows 0–10). */
export const MAX_PORTAL_CROSSINGS = 10;

/**
 * zone/portalCounts: the project's portal zones with their counts and latest crossings. `at` (ms since
 * epoch) absent: now, the live rules' counts of today; given: as of that instant (replay). `crossings`:
 * how many of the latest crossings at or before the instant to give per portal zone (0–10, default 5).
 */
export const zonePortalCountsBody = z.strictObject({
  projectId: projectIdField,
  at: z.number().int().nonnegative().optional(),
  crossings: z.number().int().min(0).max(MAX_PORTAL_CROSSINGS).default(5),
});
export type ZonePortalCountsBody = z.input<typeof zonePortalCountsBody>;

/** Which way a person passed a portal: `in` into the tunnel, `out` out of it. */
export const PORTAL_DIRECTIONS = ['in', 'out'] as const;
export type PortalDirection = (typeof PORTAL_DIRECTIONS)[number];

/**
 * One passage through a portal zone as the zone rules counted it (server/rules/zoneRules.ts): `atMs` the fix
 * that completed it (ms since epoch), the beacon `sn`, its wearer's `name` and `team` as the registry had them
 * then (a beacon nobody wears: the device name and an empty team).
 */
export const portalCrossingSchema = z.object({
  atMs: z.number().int(),
  sn: z.string(),
  name: z.string(),
  team: z.string(),
  direction: z.enum(PORTAL_DIRECTIONS),
});
export type PortalCrossing = z.infer<typeof portalCrossingSchema>;

/**
 * A portal zone's counts in the Beijing day of the instant: `portalIn`/`portalOut` entries into and exits
 * from the tunnel from 00:00 Beijing time to the instant; `crossings` the latest at or before it, newest first.
 */
export const portalZoneCountsSchema = z.object({
  zoneId: z.string(),
  name: z.string(),
  tunnelId: z.string(),
  fromM: z.number(),
  toM: z.number(),
  portalIn: z.number().int().nonnegative(),
  portalOut: z.number().int().nonnegative(),
  crossings: z.array(portalCrossingSchema),
});
export type PortalZoneCounts = z.infer<typeof portalZoneCountsSchema>;

/**
 * zone/portalCounts answer. `atMs`: the instant counted to (now when live). `countedToMs`: how far the
 * counts reach: the instant when live or when the crossing log covers the part hour since the last full
 * hour; else that hour's start (the stored hours only, "as of HH:00").
 */
export const zonePortalCountsSchema = z.object({
  atMs: z.number().int(),
  countedToMs: z.number().int(),
  portals: z.array(portalZoneCountsSchema),
});
export type ZonePortalCounts = z.infer<typeof zonePortalCountsSchema>;

/**
 * Alarm metrics of `kind: 'zone'` alarms (protocol/status.ts). Person alarms carry the beacon as device;
 * `overHeadcount` carries the zone (deviceKind `zone`, deviceSn = zoneId); `gathering` carries the bore
 * (deviceKind `tunnel`, deviceSn = tunnelId). `noEntryEducation`: a registered person without the three-level
 * entry education went into the tunnel past a portal (docs/domain.md "Safety education").
 */
export const ZONE_ALARM_METRICS = ['zoneEntry', 'stayTooLong', 'overHeadcount', 'noMovement', 'signalLost', 'beaconRemoved', 'gathering', 'leaveArea', 'noEntryEducation'] as const;
export type ZoneAlarmMetric = (typeof ZONE_ALARM_METRICS)[number];

/**
 * A beacon counts present (a zone's headcount, underground on the headline and the tunnel map) while its
 * last fix is this recent (ms): a tag docked on the charger leaves the count (docs/domain.md).
 */
export const PRESENCE_MS = 5 * 60_000;

/**
 * A live signal: a fix within this (ms), 30 fixes missed at 1 Hz. A tag silent for longer is the
 * signal-lost rule's case (not evidence that its wearer lies still), and is drawn greyed on the map.
 */
export const FRESH_FIX_MS = 30_000;
