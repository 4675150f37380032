import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { SprayStateThumbnail } from './Thumbnail';

/** Config of the spray state: none (every fog cannon of the project). */
export const sprayStateConfigSchema = z.object({});
export type SprayStateConfig = z.infer<typeof sprayStateConfigSchema>;

/**
 * The fog cannons (docs/domain.md "Spray linkage", environment/spray/list): each one spraying or off,
 * automatic or manual, the monitor and limit it is linked to, and its last command with the device's
 * answer. Live only: the server keeps no history of the cannons' state, so in replay the panel says so.
 */
export const sprayStatePanel: PanelDefinition<SprayStateConfig> = {
  type: 'sprayState',
  title: msg`Spray state`,
  defaultSize: { w: 920, h: 360 },
  configSchema: sprayStateConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('SprayStatePanel', () => import('./SprayStatePanel').then((m) => m.SprayStatePanel)),
  thumbnail: SprayStateThumbnail,
};
