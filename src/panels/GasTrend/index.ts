import { lazyChunk } from '../../app/lazyChunk';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { GAS_CODES } from '../../../protocol';
import { noMigration, type PanelDefinition } from '../types';
import { GasTrendThumbnail } from './Thumbnail';

/**
 * Config of a gas trend: one station `sn`, the gases to draw (default: the station's own, at most four
 * of them) and the window in minutes (default 30).
 */
export const gasTrendConfigSchema = z.object({
  sn: z.string().min(1, 'choose a gas station'),
  gases: z.array(z.enum(GAS_CODES)).min(1).max(11).optional(),
  windowMin: z.number().int().min(1).max(24 * 60).default(30),
});
export type GasTrendConfig = z.infer<typeof gasTrendConfigSchema>;

/** Gas trend chart (uPlot): per-gas series, one y scale per unit, warning and alarm lines, Beijing time axis. */
export const gasTrendPanel: PanelDefinition<GasTrendConfig> = {
  type: 'gasTrend',
  title: msg`Gas trend`,
  defaultSize: { w: 920, h: 590 },
  configSchema: gasTrendConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('GasTrendPanel', () => import('./GasTrendPanel').then((m) => m.GasTrendPanel)),
  settingLabels: { gases: msg`Gases`, windowMin: msg`Time window (min)` },
  bindings: [{ key: 'sn', target: { devices: ['gas'] }, multiple: false, label: msg`Gas station` }],
  thumbnail: GasTrendThumbnail,
};
