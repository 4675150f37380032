import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { PARTICULATE_KINDS } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { NoiseDayNightThumbnail } from './Thumbnail';

/** Config of noise by day and night: the monitor (`sn`; default the project's first). */
export const noiseDayNightConfigSchema = z.object({ sn: z.string().min(1).optional() });
export type NoiseDayNightConfig = z.infer<typeof noiseDayNightConfigSchema>;

/**
 * Site noise of the last seven Beijing days (docs/domain.md "Site environment", environment/daily): each
 * day's equivalent level by day (06:00–22:00) and by night (22:00–06:00) against the GB 12523-2011 limits
 * (70 and 55 dB(A)); as of the board clock, so in replay too.
 */
export const noiseDayNightPanel: PanelDefinition<NoiseDayNightConfig> = {
  type: 'noiseDayNight',
  title: msg`Noise by day and night`,
  defaultSize: { w: 920, h: 420 },
  configSchema: noiseDayNightConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('NoiseDayNightPanel', () => import('./NoiseDayNightPanel').then((m) => m.NoiseDayNightPanel)),
  bindings: [{ key: 'sn', target: { devices: [...PARTICULATE_KINDS] }, multiple: false, label: msg`Environment monitor` }],
  thumbnail: NoiseDayNightThumbnail,
};
