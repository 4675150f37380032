import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { FleetOverviewThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Config of the fleet overview: nothing to choose (it lists every piece of lifting equipment of the project). */
export const fleetOverviewConfigSchema = z.object({});
export type FleetOverviewConfig = z.infer<typeof fleetOverviewConfigSchema>;

/**
 * Fleet overview (docs/architecture.md "Lifting equipment"): every piece of lifting equipment of the project with its status, the
 * driver on duty, its utilisation today and its open alarms. A click on a row opens the device's modal.
 */
export const fleetOverviewPanel: PanelDefinition<FleetOverviewConfig> = {
  type: 'fleetOverview',
  title: msg`Lifting equipment`,
  defaultSize: { w: 1880, h: 300 },
  configSchema: fleetOverviewConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('FleetOverviewPanel', () => import('./FleetOverviewPanel').then((m) => m.FleetOverviewPanel)),
  thumbnail: FleetOverviewThumbnail,
};
