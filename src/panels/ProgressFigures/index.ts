import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { ProgressFiguresThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Config of the progress figures: nothing to choose (every heading of every bore). */
export const progressFiguresConfigSchema = z.object({});
export type ProgressFiguresConfig = z.infer<typeof progressFiguresConfigSchema>;

/**
 * Progress figures (docs/api.md "Tunnel progress"): per heading and bore the excavation today, this month
 * and in total, % of design, and the step distances against the limits of the face's grade.
 */
export const progressFiguresPanel: PanelDefinition<ProgressFiguresConfig> = {
  type: 'progressFigures',
  title: msg`Progress figures`,
  defaultSize: { w: 1200, h: 300 },
  configSchema: progressFiguresConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('ProgressFiguresPanel', () => import('./ProgressFiguresPanel').then((m) => m.ProgressFiguresPanel)),
  thumbnail: ProgressFiguresThumbnail,
};
