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
 * ones of `tunnelId`), which gases as columns, and the auto-scroll step for long lists on a wall screen.
 */
export const gasTableConfigSchema = z.object({
  sns: z.array(z.string().min(1)).max(200).optional(),
  tunnelId: z.string().min(1).optional(),
  gases: z.array(z.enum(GAS_CODES)).min(1).max(11).default([...DEFAULT_TABLE_GASES]),
  /** Seconds between auto-scroll steps when the rows do not fit; 0 turns auto-scroll off. */
  scrollIntervalS: z.number().min(0).max(60).default(4),
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
  settingLabels: { gases: msg`Gas columns`, scrollIntervalS: msg`Auto-scroll step (s, 0 = off)` },
  bindings: [
    { key: 'sns', target: { devices: ['gas'] }, multiple: true, label: msg`Gas stations` },
    { key: 'tunnelId', target: 'tunnel', multiple: false, label: msg`Tunnel` },
  ],
  thumbnail: GasTableThumbnail,
};
