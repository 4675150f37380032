import { lazyChunk } from '../../app/lazyChunk';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { noMigration, type PanelDefinition } from '../types';
import { TunnelPersonnelThumbnail } from './Thumbnail';

/**
 * Config of the tunnel personnel map: which bores (default all of the project), the heat-map bin in
 * metres, after how long without a fix a beacon still counted is drawn greyed (ms), and whether the
 * emergency supply points are marked (default on); who is drawn is
 * the headcount rule's (underground.ts), the headline's too.
 */
export const tunnelPersonnelConfigSchema = z.object({
  tunnelIds: z.array(z.string().min(1)).min(1).max(20).optional(),
  binM: z.number().min(1).max(1000).default(20),
  staleMs: z.number().int().min(1000).max(3_600_000).default(30_000),
  /** Whether the emergency supply points are marked on the strip (SupplyPointMarks). */
  supplyPoints: z.boolean().default(true),
});
export type TunnelPersonnelConfig = z.infer<typeof tunnelPersonnelConfigSchema>;

/** Tunnel personnel map (react-konva): bores to scale by chainage, faces, linings, people, heat strip, SOS. */
export const tunnelPersonnelPanel: PanelDefinition<TunnelPersonnelConfig> = {
  type: 'tunnelPersonnel',
  title: msg`Tunnel personnel`,
  defaultSize: { w: 1880, h: 430 },
  configSchema: tunnelPersonnelConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('TunnelPersonnelPanel', () => import('./TunnelPersonnelPanel').then((m) => m.TunnelPersonnelPanel)),
  settingLabels: { binM: msg`Heat-map bin (m)`, staleMs: msg`Grey a beacon after no fix for (ms)`, supplyPoints: msg`Emergency supply points` },
  bindings: [{ key: 'tunnelIds', target: 'tunnel', multiple: true, label: msg`Tunnels` }],
  thumbnail: TunnelPersonnelThumbnail,
};
