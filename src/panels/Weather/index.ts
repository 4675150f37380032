import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { PARTICULATE_KINDS } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { WeatherThumbnail } from './Thumbnail';

/** Config of the weather: the station (`sn`; default the project's first environment monitor). */
export const weatherConfigSchema = z.object({ sn: z.string().min(1).optional() });
export type WeatherConfig = z.infer<typeof weatherConfigSchema>;

/**
 * The site's own weather from an environment monitor's sensors (docs/domain.md "Site environment"):
 * temperature, humidity, air pressure, wind speed and a compass with where the wind comes from; as of the
 * board clock, so in replay too.
 */
export const weatherPanel: PanelDefinition<WeatherConfig> = {
  type: 'weather',
  title: msg`Weather`,
  defaultSize: { w: 620, h: 420 },
  configSchema: weatherConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('WeatherPanel', () => import('./WeatherPanel').then((m) => m.WeatherPanel)),
  bindings: [{ key: 'sn', target: { devices: [...PARTICULATE_KINDS] }, multiple: false, label: msg`Environment monitor` }],
  thumbnail: WeatherThumbnail,
};
