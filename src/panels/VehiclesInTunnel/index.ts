import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { VehiclesInTunnelThumbnail } from './Thumbnail';

/** Config of the vehicle panel: nothing to choose (every bore and vehicle of the project). */
export const vehiclesInTunnelConfigSchema = z.object({});
export type VehiclesInTunnelConfig = z.infer<typeof vehiclesInTunnelConfigSchema>;

/**
 * Vehicles in the tunnel (docs/domain.md "Vehicles in the tunnel"): the count per bore beside the people
 * count, and the vehicle list with plate, type, bore, chainage and speed; a row opens the vehicle's card.
 */
export const vehiclesInTunnelPanel: PanelDefinition<VehiclesInTunnelConfig> = {
  type: 'vehiclesInTunnel',
  title: msg`Vehicles in tunnel`,
  defaultSize: { w: 900, h: 420 },
  configSchema: vehiclesInTunnelConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('VehiclesInTunnelPanel', () => import('./VehiclesInTunnelPanel').then((m) => m.VehiclesInTunnelPanel)),
  thumbnail: VehiclesInTunnelThumbnail,
};
