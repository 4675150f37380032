import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { TunnelProgressThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Config of the tunnel progress panel: whether the figures table shows under the bores. */
export const tunnelProgressConfigSchema = z.object({ showFigures: z.boolean().default(true) });
export type TunnelProgressConfig = z.infer<typeof tunnelProgressConfigSchema>;

/**
 * Tunnel progress (docs/api.md "Tunnel progress"): every bore with its surrounding-rock grades and their
 * legend, the faces, invert and lining, and the progress figures, as of the board clock (replay: the
 * progress as it stood at the replayed instant).
 */
export const tunnelProgressPanel: PanelDefinition<TunnelProgressConfig> = {
  type: 'tunnelProgress',
  title: msg`Tunnel progress`,
  defaultSize: { w: 1200, h: 420 },
  configSchema: tunnelProgressConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('TunnelProgressPanel', () => import('./TunnelProgressPanel').then((m) => m.TunnelProgressPanel)),
  thumbnail: TunnelProgressThumbnail,
};
