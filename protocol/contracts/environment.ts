import { z } from 'zod';
import { DAILY_MEAN_LIMITS, NOISE_LIMITS } from '../environmentStats';
import { sprayLinkageSchema, sprayStateSchema, SPRAY_ACTIONS } from '../spray';
import { TOPIC_SEGMENT } from '../kinds';
import { defineContract } from './define';

const tag = 'environment';
const projectId = z.string().min(1).max(64);
const sn = z.string().regex(TOPIC_SEGMENT);

/** Most days environment/daily answers (the 30-day history); noise by day and night covers at most NOISE_DAYS of them. */
export const MAX_DAILY_DAYS = 30;
/** Noise by day and night is computed from the minute rollups, over the last seven days at most. */
export const NOISE_DAYS = 7;

/**
 * environment/daily: the last `days` Beijing days up to the one holding `atMs` (default now; replay asks as
 * of its instant), of every environment monitor of the project.
 */
export const environmentDailyBody = z.strictObject({
  projectId,
  days: z.number().int().min(1).max(MAX_DAILY_DAYS).optional(),
  atMs: z.number().int().min(0).optional(),
});

const nullable = z.number().nullable();

/** One monitor's day: daily means (null under 20 valid hours), compliance, noise by day and night (null beyond the last NOISE_DAYS days or without readings). */
export const environmentDaySchema = z.object({
  dayMs: z.number(),
  date: z.string(),
  pm10: nullable,
  pm25: nullable,
  tsp: nullable,
  compliant: z.boolean().nullable(),
  noiseDayLeq: nullable,
  noiseNightLeq: nullable,
});
export type EnvironmentDay = z.infer<typeof environmentDaySchema>;

/** environment/daily data. */
export const environmentDailySchema = z.object({
  fromMs: z.number(),
  limits: z.object({ pm10: z.number(), pm25: z.number(), tsp: z.number(), noiseDay: z.number(), noiseNight: z.number() }),
  stations: z.array(
    z.object({
      sn: z.string(),
      name: z.string(),
      days: z.array(environmentDaySchema),
      /** Days judged compliant, and days judged at all (with a daily mean). */
      compliantDays: z.number(),
      judgedDays: z.number(),
    }),
  ),
});
export type EnvironmentDaily = z.infer<typeof environmentDailySchema>;

/** The limits environment/daily judges against (docs/domain.md "Site environment"). */
export const ENVIRONMENT_DAILY_LIMITS = { ...DAILY_MEAN_LIMITS, noiseDay: NOISE_LIMITS.day, noiseNight: NOISE_LIMITS.night };

/** Environment monitoring and spray linkage (docs/api.md "Environment"). */
export const ENVIRONMENT = {
  daily: defineContract({
    tag,
    path: '/zhgd/environment/daily',
    body: environmentDailyBody,
    response: environmentDailySchema,
    permission: 'project.read',
    summary: 'Daily particulate means, environment compliant days and day/night noise Leq per monitor',
  }),
  sprayList: defineContract({ tag, path: '/zhgd/environment/spray/list', body: z.strictObject({ projectId }), response: z.array(sprayStateSchema), permission: 'project.read', summary: 'Fog cannons with their linkage, mode, state and last command' }),
  sprayCommand: defineContract({
    tag,
    path: '/zhgd/environment/spray/command',
    body: z.strictObject({ projectId, sn, action: z.enum([...SPRAY_ACTIONS, 'auto']) }),
    response: sprayStateSchema,
    permission: 'project.admin',
    errors: ['NOT_FOUND'],
    summary: 'Switch a fog cannon on or off by hand, or back to automatic (audited)',
  }),
  sprayLinkageSet: defineContract({
    tag,
    path: '/zhgd/environment/spray/linkage',
    body: z.strictObject({ projectId, sn, linkage: sprayLinkageSchema.nullable() }),
    response: sprayStateSchema,
    permission: 'project.admin',
    errors: ['NOT_FOUND'],
    summary: "Link a fog cannon to an environment monitor's PM10 or TSP with a limit and hold time, or unlink it (audited)",
  }),
} as const;
