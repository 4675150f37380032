import { z } from 'zod';
import { ALARM_GROUPS } from './alarmGroups';
import { projectEventSchema, safeDaysSchema } from './eventBook';
import { PROJECT_TYPES } from './admin';

/**
 * The project home (docs/domain.md "Project home"): the project's participating units, design figures and
 * reported quantities (its profile, edited by administrators), with what home/summary adds to them.
 */

/** The roles of the units a Chinese works contract names (builder, designer, supervisor, constructor, …). */
export const UNIT_ROLES = ['owner', 'design', 'supervision', 'construction', 'survey', 'other'] as const;
export type UnitRole = (typeof UNIT_ROLES)[number];

/** Structure types whose quantities are reported by hand (the tunnel's come from tunnel progress). */
export const STRUCTURE_TYPES = ['bridge', 'subgrade', 'culvert', 'other'] as const;
export type StructureType = (typeof STRUCTURE_TYPES)[number];

const text = (max: number) => z.string().trim().min(1, { error: 'required' }).max(max);
const amount = z.number().min(0).max(1e9);

/**
 * Design figures of the project summary, each null when not known: cost in 10 000 CNY (万元), duration in
 * calendar days, concrete in m³, reinforcement in t, mileage in km.
 */
export const designFiguresSchema = z.strictObject({
  costTenThousandCny: amount.nullable(),
  durationDays: z.number().int().min(0).max(100_000).nullable(),
  concreteM3: amount.nullable(),
  reinforcementT: amount.nullable(),
  mileageKm: amount.nullable(),
});
export type DesignFigures = z.infer<typeof designFiguresSchema>;

/** A reported quantity: an item of a structure type with its unit, design quantity and quantity done. */
export const reportedQuantitySchema = z.strictObject({
  structure: z.enum(STRUCTURE_TYPES),
  item: text(60),
  unit: text(12),
  design: amount,
  done: amount,
});
export type ReportedQuantity = z.infer<typeof reportedQuantitySchema>;

/** The profile of a project: its units, design figures and reported quantities. */
export const projectProfileSchema = z.strictObject({
  units: z.array(z.strictObject({ role: z.enum(UNIT_ROLES), name: text(200) })).max(12),
  design: designFiguresSchema,
  quantities: z.array(reportedQuantitySchema).max(40),
});
export type ProjectProfile = z.infer<typeof projectProfileSchema>;

/** The profile of a project nobody has filled in yet. */
export const EMPTY_PROFILE: ProjectProfile = {
  units: [],
  design: { costTenThousandCny: null, durationDays: null, concreteM3: null, reinforcementT: null, mileageKm: null },
  quantities: [],
};

const projectId = z.string().min(1).max(64);
export const homeSummaryBody = z.strictObject({ projectId, atMs: z.number().int().min(0).optional() });
export const profileSetBody = z.strictObject({ projectId, profile: projectProfileSchema });

const groupCounts = z.array(z.object({ group: z.enum(ALARM_GROUPS), count: z.number() }));

/** How many latest events home/summary carries. */
export const HOME_LATEST_EVENTS = 5;

/** home/summary data: the project's details and profile, safe days, environment compliant days, alarms by group, latest events. */
export const homeSummarySchema = z.object({
  project: z.object({
    projectId: z.string(),
    name: z.string(),
    coName: z.string(),
    projectType: z.enum(PROJECT_TYPES),
    location: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    contractor: z.string(),
    startDate: z.string().nullable(),
    plannedEndDate: z.string().nullable(),
    keyFigures: z.array(z.object({ label: z.string(), value: z.string() })),
  }),
  profile: projectProfileSchema,
  safeDays: safeDaysSchema,
  /** Environment days of the last 30 judged compliant at every monitor judged that day, the days judged, and the run of compliant days up to the latest judged one. */
  environment: z.object({ compliantDays: z.number(), judgedDays: z.number(), streakDays: z.number() }),
  /** Alarms raised today (Beijing day) and in the last 7 Beijing days, today included, by group (protocol/alarmGroups.ts). */
  alarms: z.object({ today: groupCounts, week: groupCounts, todayTotal: z.number(), weekTotal: z.number() }),
  latestEvents: z.array(projectEventSchema),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

/** Done of design, percent (0–100, one decimal), or null without a design quantity. */
export function percentDone(done: number, design: number): number | null {
  if (!(design > 0)) return null;
  return Math.round(Math.min(1, done / design) * 1000) / 10;
}

/**
 * Environment compliant days over monitors' days (environment/daily): a day is judged when at least one
 * monitor judged it, compliant when every monitor that judged it found it compliant; the streak counts
 * compliant days back from the latest judged day (days nobody judged are skipped, a non-compliant one ends it).
 * @param stations each monitor's days, oldest first, `compliant` null where not judged
 */
export function environmentCompliance(stations: ReadonlyArray<{ days: ReadonlyArray<{ dayMs: number; compliant: boolean | null }> }>): { compliantDays: number; judgedDays: number; streakDays: number } {
  const byDay = new Map<number, boolean>();
  for (const s of stations) {
    for (const d of s.days) {
      if (d.compliant === null) continue;
      byDay.set(d.dayMs, (byDay.get(d.dayMs) ?? true) && d.compliant);
    }
  }
  const days = [...byDay].sort((a, b) => a[0] - b[0]);
  let streakDays = 0;
  for (let i = days.length - 1; i >= 0 && days[i][1]; i--) streakDays++;
  return { compliantDays: days.filter(([, ok]) => ok).length, judgedDays: days.length, streakDays };
}

/** States of a machine (a piece of lifting equipment or a construction vehicle) in home/statistics. */
export const MACHINE_STATES = ['working', 'idle', 'offline', 'alarm'] as const;
export type MachineState = (typeof MACHINE_STATES)[number];

/**
 * A piece of lifting equipment is working when one of its work records (a lift, a cage trip) ended within
 * this long, ms: a lift is recorded when it ends, so "working now" looks back one typical lift cycle.
 */
export const LIFT_WORKING_WINDOW_MS = 10 * 60_000;

/** home/statistics answers device states (as of now only) when asked for an instant at most this long ago, ms. */
export const HOME_LIVE_SLACK_MS = 120_000;

const machineCounts = z.object({ total: z.number(), working: z.number(), idle: z.number(), offline: z.number(), alarm: z.number() });
export type MachineCounts = z.infer<typeof machineCounts>;

/**
 * home/statistics data (docs/api.md "Project home"): machinery by state and attendance today.
 * `machinery` counts the project's lifting equipment and construction vehicles by state (offline before
 * alarm before working before idle), null when asked for a past instant (device states are kept as of now).
 * `attendance.today`: people of the register with an in-pass at a gate since 00:00 Beijing time when the
 * project has gates (`source` 'gates'), else personnel tags seen since then ('beacons'; null for a past
 * instant); `registered` the people in the register, `companies` its distinct cooperating companies.
 */
export const homeStatisticsSchema = z.object({
  atMs: z.number(),
  machinery: z.object({ lifting: machineCounts, vehicles: machineCounts, workingNow: z.number() }).nullable(),
  attendance: z.object({ source: z.enum(['gates', 'beacons']), today: z.number().nullable(), registered: z.number(), companies: z.number() }),
});
export type HomeStatistics = z.infer<typeof homeStatisticsSchema>;
