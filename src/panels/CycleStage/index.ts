import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { CycleStageThumbnail } from './Thumbnail';

/** Config of the process identification: one heading, or every heading of the project when empty. */
export const cycleStageConfigSchema = z.object({ headingId: z.string().max(64).default('') });
export type CycleStageConfig = z.infer<typeof cycleStageConfigSchema>;

/**
 * Process identification (docs/domain.md "Drill-and-blast cycle"): each heading's current stage, reported
 * or inferred, previous and next, start and elapsed, countdown to the next, rounds and footage today.
 */
export const cycleStagePanel: PanelDefinition<CycleStageConfig> = {
  type: 'processStage',
  title: msg`Process identification`,
  defaultSize: { w: 920, h: 420 },
  configSchema: cycleStageConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('CycleStagePanel', () => import('./CycleStagePanel').then((m) => m.CycleStagePanel)),
  settingLabels: { headingId: msg`Heading (empty: all)` },
  thumbnail: CycleStageThumbnail,
};
