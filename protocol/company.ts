import { z } from 'zod';
import { PROJECT_STATES, PROJECT_TYPES, type ProjectState, type ProjectType } from './admin';

/**
 * The company homepage (docs/api.md "Company homepage"): every project of the organisations a user may see,
 * with its place on the map and its key figures, and the figures summed over them.
 */

const coIdField = z.string().trim().min(1).max(64);
/** Body of company/homepage/statistic and company/homepage/project: all the caller's organisations, or one (`coId`). */
export const companyBody = z.strictObject({ coId: coIdField.optional() });
export type CompanyBody = z.infer<typeof companyBody>;
/** Body of company/homepage/glodonProjectUrl (the wire names of docs/api.md: `projectId` and the member id `mid`, which is not needed to answer). */
export const glodonProjectUrlBody = z.strictObject({ projectId: z.string().min(1).max(64), mid: z.string().max(64).optional() });

/** One project on the company homepage: where it is and its key figures. */
export interface CompanyProject {
  projectId: string;
  name: string;
  coId: string;
  coName: string;
  projectType: ProjectType;
  projectState: ProjectState;
  location: string;
  /** WGS 84 degrees; null when not set (the project is listed, not drawn on the map). */
  latitude: number | null;
  longitude: number | null;
  /** Excavated of design length over the project's bores, % to 0.1; null without bores. */
  progressPct: number | null;
  /** Alarms not handled yet (dealStatus 0). */
  openAlarms: number;
  /** Distinct people through a gate or seen by a beacon since 00:00 Beijing time. */
  peopleOnSiteToday: number;
  /** Continuous safe-production days; null where the project records no accidents to count from. */
  safeDays: number | null;
  /** An external project link is set (company/homepage/glodonProjectUrl answers it). */
  hasExternalUrl: boolean;
}

/** A count of projects with one value of a field. */
export interface CountOf<K extends string> {
  key: K;
  count: number;
}

/** The company homepage's figures over the caller's projects (company/homepage/statistic). */
export interface CompanyStatistic {
  projectCount: number;
  /** Every project type and state, in PROJECT_TYPES and PROJECT_STATES order, zero counts included. */
  byType: CountOf<ProjectType>[];
  byState: CountOf<ProjectState>[];
  peopleOnSiteToday: number;
  openAlarms: number;
  /** The smallest of the projects' safe days where known, else null. */
  safeDays: number | null;
  /** Projects with an open alarm. */
  projectsWithAlarms: number;
}

/** A bore's design length and each heading's excavated metres from its own portal. */
export interface BoreExcavation {
  lengthM: number;
  excavatedM: number[];
}

/**
 * A project's progress: metres excavated over its bores (each bore's headings summed and capped at the bore's
 * design length) of the bores' design length, % to 0.1 (docs/domain.md "Tunnel progress"). Null without bores
 * or with no design length.
 */
export function excavatedPct(bores: readonly BoreExcavation[]): number | null {
  const design = bores.reduce((a, b) => a + Math.max(0, b.lengthM), 0);
  if (design <= 0) return null;
  const done = bores.reduce((a, b) => a + Math.min(Math.max(0, b.lengthM), b.excavatedM.reduce((s, m) => s + Math.max(0, m), 0)), 0);
  return Math.round((done / design) * 1000) / 10;
}

/** The company homepage's figures summed over `projects`. */
export function companyStatistic(projects: readonly CompanyProject[]): CompanyStatistic {
  const known = projects.map((p) => p.safeDays).filter((d): d is number => d !== null);
  return {
    projectCount: projects.length,
    byType: PROJECT_TYPES.map((key) => ({ key, count: projects.filter((p) => p.projectType === key).length })),
    byState: PROJECT_STATES.map((key) => ({ key, count: projects.filter((p) => p.projectState === key).length })),
    peopleOnSiteToday: projects.reduce((a, p) => a + p.peopleOnSiteToday, 0),
    openAlarms: projects.reduce((a, p) => a + p.openAlarms, 0),
    safeDays: known.length ? Math.min(...known) : null,
    projectsWithAlarms: projects.filter((p) => p.openAlarms > 0).length,
  };
}
