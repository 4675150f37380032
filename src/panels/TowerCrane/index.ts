import { lazyChunk } from '../../app/lazyChunk';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { noMigration, type PanelDefinition } from '../types';
import { TowerCraneThumbnail } from './Thumbnail';

/** Config of a tower crane card: the crane's device sn. */
export const towerCraneConfigSchema = z.object({ sn: z.string().min(1, 'choose a tower crane') });
export type TowerCraneConfig = z.infer<typeof towerCraneConfigSchema>;

/** Tower crane card: moment %, load, radius, height, wind, tilt, rotation and status (JGJ 332 §3.1.1 quantities). */
export const towerCranePanel: PanelDefinition<TowerCraneConfig> = {
  type: 'towerCrane',
  title: msg`Tower crane`,
  defaultSize: { w: 460, h: 290 },
  configSchema: towerCraneConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('TowerCranePanel', () => import('./TowerCranePanel').then((m) => m.TowerCranePanel)),
  bindings: [{ key: 'sn', target: { devices: ['towerCrane'] }, multiple: false, label: msg`Tower crane` }],
  thumbnail: TowerCraneThumbnail,
};
