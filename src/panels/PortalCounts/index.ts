import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { MAX_PORTAL_CROSSINGS } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { PortalCountsThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/**
 * Config of the portal-count panel: whether each bore's row also shows the people underground, and how many
 * of the latest crossings each portal lists (0–10; those that fit whole are shown).
 */
export const portalCountsConfigSchema = z.object({
  showUnderground: z.boolean().default(true),
  crossings: z.number().int().min(0).max(MAX_PORTAL_CROSSINGS).default(5),
});
export type PortalCountsConfig = z.infer<typeof portalCountsConfigSchema>;

/**
 * Portal counts (docs/domain.md "Personnel positioning in tunnels"): per bore and portal zone, the people
 * in and out through it from 00:00 Beijing time, its latest crossings, and the people underground in the
 * bore; live, and in replay as of the replay instant (zone/portalCounts).
 */
export const portalCountsPanel: PanelDefinition<PortalCountsConfig> = {
  type: 'portalCounts',
  title: msg`Portal counts`,
  defaultSize: { w: 720, h: 360 },
  configSchema: portalCountsConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('PortalCountsPanel', () => import('./PortalCountsPanel').then((m) => m.PortalCountsPanel)),
  settingLabels: { showUnderground: msg`Show people underground`, crossings: msg`Latest crossings listed per portal` },
  thumbnail: PortalCountsThumbnail,
};
