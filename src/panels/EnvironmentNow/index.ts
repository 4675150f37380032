import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { PARTICULATE_KINDS } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { EnvironmentNowThumbnail } from './Thumbnail';

/** Config of "Environment now": the monitor shown (`sn`; default the project's first environment monitor). */
export const environmentNowConfigSchema = z.object({
  sn: z.string().min(1).optional(),
});
export type EnvironmentNowConfig = z.infer<typeof environmentNowConfigSchema>;

/**
 * One environment monitor's latest readings (docs/domain.md "Site environment"): PM2.5, PM10 and TSP
 * coloured by their limits, noise with the day or night limit in force, temperature, humidity, air pressure, wind speed
 * and where it comes from; a reading the monitor flags (HJ 212 `-Flag` other than N) shows its flag.
 */
export const environmentNowPanel: PanelDefinition<EnvironmentNowConfig> = {
  type: 'environmentNow',
  title: msg`Environment now`,
  defaultSize: { w: 620, h: 420 },
  configSchema: environmentNowConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('EnvironmentNowPanel', () => import('./EnvironmentNowPanel').then((m) => m.EnvironmentNowPanel)),
  bindings: [{ key: 'sn', target: { devices: [...PARTICULATE_KINDS] }, multiple: false, label: msg`Environment monitor` }],
  thumbnail: EnvironmentNowThumbnail,
};
