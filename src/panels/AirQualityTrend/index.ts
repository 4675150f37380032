import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { PARTICULATE_KINDS } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { TREND_METRICS, TREND_RANGES } from '../../components/environment/trendSeries';
import { noMigration, type PanelDefinition } from '../types';
import { AirQualityTrendThumbnail } from './Thumbnail';

/**
 * Config of the air-quality trend: the monitor (`sn`; default the project's first), the readings drawn and
 * the range the switch starts on (24 h, 7 days or 30 days back from the board clock).
 */
export const airQualityTrendConfigSchema = z.object({
  sn: z.string().min(1).optional(),
  metrics: z.array(z.enum(TREND_METRICS)).min(1).max(TREND_METRICS.length).default(['pm10', 'pm25', 'tsp']),
  range: z.enum(TREND_RANGES).default('24h'),
});
export type AirQualityTrendConfig = z.infer<typeof airQualityTrendConfigSchema>;

/**
 * Air-quality history of one environment monitor (docs/domain.md "Site environment"): PM10, PM2.5, TSP
 * (and noise) over 24 h, 7 days or 30 days with a range switch, from telemetry/series (hour rollups beyond
 * the raw retention), with the warning and alarm limits drawn; as of the board clock, so in replay too.
 */
export const airQualityTrendPanel: PanelDefinition<AirQualityTrendConfig> = {
  type: 'airQualityTrend',
  title: msg`Air-quality trend`,
  defaultSize: { w: 920, h: 460 },
  configSchema: airQualityTrendConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('AirQualityTrendPanel', () => import('./AirQualityTrendPanel').then((m) => m.AirQualityTrendPanel)),
  bindings: [{ key: 'sn', target: { devices: [...PARTICULATE_KINDS] }, multiple: false, label: msg`Environment monitor` }],
  thumbnail: AirQualityTrendThumbnail,
};
