import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { CycleAnalysisThumbnail } from './Thumbnail';

/** Config of the cycle analysis: one heading, or the whole project when empty. */
export const cycleAnalysisConfigSchema = z.object({ headingId: z.string().max(64).default('') });
export type CycleAnalysisConfig = z.infer<typeof cycleAnalysisConfigSchema>;

/**
 * Average cycle time (1, 3, 7 days; excavation and second lining; rounds per day; working hours; idle
 * periods) and the cycle-footage time analysis against the preset per grade, low efficiency flagged.
 */
export const cycleAnalysisPanel: PanelDefinition<CycleAnalysisConfig> = {
  type: 'cycleAnalysis',
  title: msg`Cycle time analysis`,
  defaultSize: { w: 920, h: 480 },
  configSchema: cycleAnalysisConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('CycleAnalysisPanel', () => import('./CycleAnalysisPanel').then((m) => m.CycleAnalysisPanel)),
  settingLabels: { headingId: msg`Heading (empty: all)` },
  thumbnail: CycleAnalysisThumbnail,
};
