import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { CycleTimelineThumbnail } from './Thumbnail';

/** Config of the stage timeline: the hours shown before the board clock (default 24). */
export const cycleTimelineConfigSchema = z.object({ hours: z.number().int().min(1).max(24 * 7).default(24) });
export type CycleTimelineConfig = z.infer<typeof cycleTimelineConfigSchema>;

/** Stage timeline of every heading up to the board clock: live, or any replayed range (cycles/timeline). */
export const cycleTimelinePanel: PanelDefinition<CycleTimelineConfig> = {
  type: 'cycleTimeline',
  title: msg`Stage timeline`,
  defaultSize: { w: 1400, h: 260 },
  configSchema: cycleTimelineConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('CycleTimelinePanel', () => import('./CycleTimelinePanel').then((m) => m.CycleTimelinePanel)),
  settingLabels: { hours: msg`Hours shown` },
  thumbnail: CycleTimelineThumbnail,
};
