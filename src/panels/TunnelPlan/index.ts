import { lazyChunk } from '../../app/lazyChunk';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { noMigration, type PanelDefinition } from '../types';
import { TunnelPlanThumbnail } from './Thumbnail';

/**
 * Config of the tunnel plan: which bores (default all of the project), the heat-map bin in metres, and
 * after how long without a fix a beacon still counted is drawn greyed (ms), as on the personnel strip, and
 * whether the emergency supply points are shown.
 */
export const tunnelPlanConfigSchema = z.object({
  tunnelIds: z.array(z.string().min(1)).min(1).max(20).optional(),
  binM: z.number().min(1).max(1000).default(20),
  staleMs: z.number().int().min(1000).max(3_600_000).default(30_000),
  /** Whether the emergency supply points layer starts shown (the plan's toggle switches it while viewed). */
  supplyPoints: z.boolean().default(true),
});
export type TunnelPlanConfig = z.infer<typeof tunnelPlanConfigSchema>;

/** Tunnel plan (react-konva): the bores along their alignment, north up, with works, grades, zones, people and heat. */
export const tunnelPlanPanel: PanelDefinition<TunnelPlanConfig> = {
  type: 'tunnelPlan',
  title: msg`Tunnel plan`,
  defaultSize: { w: 1880, h: 620 },
  configSchema: tunnelPlanConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('TunnelPlanPanel', () => import('./TunnelPlanPanel').then((m) => m.TunnelPlanPanel)),
  settingLabels: { binM: msg`Heat-map bin (m)`, staleMs: msg`Grey a beacon after no fix for (ms)`, supplyPoints: msg`Emergency supply points` },
  bindings: [{ key: 'tunnelIds', target: 'tunnel', multiple: true, label: msg`Tunnels` }],
  thumbnail: TunnelPlanThumbnail,
};
