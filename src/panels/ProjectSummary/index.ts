import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { ProjectSummaryThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Config of the project summary: nothing to choose (the board's project). */
export const projectSummaryConfigSchema = z.object({});
export type ProjectSummaryConfig = z.infer<typeof projectSummaryConfigSchema>;

/**
 * The project summary (docs/domain.md "Project home"): location, contractor, participating units, dates and
 * the design figures (cost, duration, concrete, reinforcement, mileage), from home/summary as of the board
 * clock (the profile is the current one in replay: it keeps no history).
 */
export const projectSummaryPanel: PanelDefinition<ProjectSummaryConfig> = {
  type: 'projectSummary',
  title: msg`Project summary`,
  defaultSize: { w: 760, h: 520 },
  configSchema: projectSummaryConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('ProjectSummaryPanel', () => import('./ProjectSummaryPanel').then((m) => m.ProjectSummaryPanel)),
  thumbnail: ProjectSummaryThumbnail,
};
