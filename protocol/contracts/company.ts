import { z } from 'zod';
import { PROJECT_STATES, PROJECT_TYPES } from '../admin';
import { companyBody, glodonProjectUrlBody, type CompanyProject, type CompanyStatistic } from '../company';
import { defineContract, shapesAgree, type SameShape } from './define';

/** One project of the company homepage (CompanyProject). */
export const companyProjectSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  coId: z.string(),
  coName: z.string(),
  projectType: z.enum(PROJECT_TYPES),
  projectState: z.enum(PROJECT_STATES),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  progressPct: z.number().nullable(),
  openAlarms: z.number(),
  peopleOnSiteToday: z.number(),
  safeDays: z.number().nullable(),
  hasExternalUrl: z.boolean(),
});

/** The company homepage's figures (CompanyStatistic). */
export const companyStatisticSchema = z.object({
  projectCount: z.number(),
  byType: z.array(z.object({ key: z.enum(PROJECT_TYPES), count: z.number() })),
  byState: z.array(z.object({ key: z.enum(PROJECT_STATES), count: z.number() })),
  peopleOnSiteToday: z.number(),
  openAlarms: z.number(),
  safeDays: z.number().nullable(),
  projectsWithAlarms: z.number(),
});

shapesAgree<[SameShape<z.output<typeof companyProjectSchema>, CompanyProject>, SameShape<z.output<typeof companyStatisticSchema>, CompanyStatistic>]>();

const tag = 'company';

/**
 * The company homepage (docs/api.md "Company homepage"): the projects of the organisations the caller may
 * see (an installation administrator: every project that is not archived; anyone else: the projects they
 * are a member of), optionally of one organisation (`coId`).
 */
export const COMPANY = {
  statistic: defineContract({
    tag,
    path: '/zhgd/company/homepage/statistic/get',
    body: companyBody,
    response: companyStatisticSchema,
    permission: 'session',
    summary: "Projects by type and state, people on site today, open alarms and safe days over the caller's projects",
  }),
  project: defineContract({
    tag,
    path: '/zhgd/company/homepage/project/get',
    body: companyBody,
    response: z.array(companyProjectSchema),
    permission: 'session',
    summary: "The caller's projects with place and key figures: progress %, open alarms, people on site today, safe days",
  }),
  glodonProjectUrl: defineContract({
    tag,
    path: '/zhgd/company/homepage/glodonProjectUrl/get',
    body: glodonProjectUrlBody,
    response: z.string(),
    permission: 'project.read',
    errors: ['NOT_FOUND'],
    summary: "A project's external project link, opened in a new tab (NOT_FOUND when none is set)",
  }),
};
