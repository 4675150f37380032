import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { PortalCountsThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Config of the portal-count panel: whether each bore's row also shows the people underground now. */
export const portalCountsConfigSchema = z.object({ showUnderground: z.boolean().default(true) });
export type PortalCountsConfig = z.infer<typeof portalCountsConfigSchema>;

/**
 * Portal counts (docs/domain.md "Personnel positioning in tunnels"): per bore and portal zone, the people
 * in and out today through it, and the people underground in the bore now. Live only (zone/list counts
 * today as it is now).
 */
export const portalCountsPanel: PanelDefinition<PortalCountsConfig> = {
  type: 'portalCounts',
  title: msg`Portal counts`,
  defaultSize: { w: 720, h: 360 },
  configSchema: portalCountsConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('PortalCountsPanel', () => import('./PortalCountsPanel').then((m) => m.PortalCountsPanel)),
  settingLabels: { showUnderground: msg`Show people underground` },
  thumbnail: PortalCountsThumbnail,
};
