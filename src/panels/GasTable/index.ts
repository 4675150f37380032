import { lazyChunk } from '../../app/lazyChunk';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { GAS_CODES } from '../../../protocol';
import { noMigration, type PanelDefinition } from '../types';
import { GasTableThumbnail } from './Thumbnail';

/** Gases shown when the config names none: the ones that stop work first in a drill-and-blast tunnel. */
export const DEFAULT_TABLE_GASES = ['CO', 'O2', 'CH4', 'H2S', 'NO2', 'dust'] as const;

/**
 * Config of the gas station table: which stations (`sns`, default all gas devices of the project, or the
 * ones of `tunnelId`), which gases as columns, and how long each page of a long list stays on a wall screen.
 */
export const gasTableConfigSchema = z.object({
  sns: z.array(z.string().min(1)).max(200).optional(),
  tunnelId: z.string().min(1).optional(),
  gases: z.array(z.enum(GAS_CODES)).min(1).max(11).default([...DEFAULT_TABLE_GASES]),
  /**
   * Seconds each page of rows stays on screen when the rows take more than one page (the name is kept for
   * saved boards); 0 holds the first page.
   */
  scrollIntervalS: z.number().min(0).max(60).default(8),
});
export type GasTableConfig = z.infer<typeof gasTableConfigSchema>;

/** All gas stations with position, status colour, latest key values (over-limit cells highlighted) and last seen. */
export const gasTablePanel: PanelDefinition<GasTableConfig> = {
  type: 'gasTable',
  title: msg`Gas stations`,
  defaultSize: { w: 940, h: 280 },
  configSchema: gasTableConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('GasTablePanel', () => import('./GasTablePanel').then((m) => m.GasTablePanel)),
  settingLabels: { gases: msg`Gas columns`, scrollIntervalS: msg`Seconds per page (0 = hold the first)` },
  bindings: [
    { key: 'sns', target: { devices: ['gas'] }, multiple: true, label: msg`Gas stations` },
    { key: 'tunnelId', target: 'tunnel', multiple: false, label: msg`Tunnel` },
  ],
  thumbnail: GasTableThumbnail,
};
