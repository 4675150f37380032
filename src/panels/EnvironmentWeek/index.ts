import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { PARTICULATE_KINDS } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { EnvironmentWeekThumbnail } from './Thumbnail';

/** Config of the seven days: the monitor (`sn`; default the project's first). */
export const environmentWeekConfigSchema = z.object({ sn: z.string().min(1).optional() });
export type EnvironmentWeekConfig = z.infer<typeof environmentWeekConfigSchema>;

/**
 * The last seven Beijing days of one environment monitor (docs/domain.md "Site environment",
 * environment/daily): the environment compliant days as the headline, each day's PM10, PM2.5 and TSP
 * daily mean as a bar against its limit; as of the board clock, so in replay too.
 */
export const environmentWeekPanel: PanelDefinition<EnvironmentWeekConfig> = {
  type: 'environmentWeek',
  title: msg`Seven days`,
  defaultSize: { w: 920, h: 520 },
  configSchema: environmentWeekConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('EnvironmentWeekPanel', () => import('./EnvironmentWeekPanel').then((m) => m.EnvironmentWeekPanel)),
  bindings: [{ key: 'sn', target: { devices: [...PARTICULATE_KINDS] }, multiple: false, label: msg`Environment monitor` }],
  thumbnail: EnvironmentWeekThumbnail,
};
