import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { CYCLE_STAGES } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { CycleTrendThumbnail } from './Thumbnail';

/** Config of the stage trend: the stage drawn (switchable on the panel too). */
export const cycleTrendConfigSchema = z.object({ stage: z.enum(CYCLE_STAGES).default('mucking') });
export type CycleTrendConfig = z.infer<typeof cycleTrendConfigSchema>;

/** Trend by stage: the hours a stage took in each round of the week, per heading (uPlot). */
export const cycleTrendPanel: PanelDefinition<CycleTrendConfig> = {
  type: 'cycleTrend',
  title: msg`Stage trend`,
  defaultSize: { w: 920, h: 360 },
  configSchema: cycleTrendConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('CycleTrendPanel', () => import('./CycleTrendPanel').then((m) => m.CycleTrendPanel)),
  settingLabels: { stage: msg`Stage` },
  thumbnail: CycleTrendThumbnail,
};
