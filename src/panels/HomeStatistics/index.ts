import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { HomeStatisticsThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** The sections of the statistics panel. */
export const HOME_STATISTICS_SECTIONS = ['machinery', 'attendance', 'alarms', 'safeDays'] as const;

/** Config of the statistics: the sections shown, in this order (at least one). */
export const homeStatisticsConfigSchema = z.object({
  sections: z.array(z.enum(HOME_STATISTICS_SECTIONS)).min(1).max(HOME_STATISTICS_SECTIONS.length).default([...HOME_STATISTICS_SECTIONS]),
});
export type HomeStatisticsConfig = z.infer<typeof homeStatisticsConfigSchema>;

/**
 * The project's statistics (docs/api.md "Project home"): machinery by state and working now, attendance
 * today (gates or beacons, said), alarms today and over 7 days, safe-production days. As of the board
 * clock; machinery and a beacon count are live only (the panel says so in replay).
 */
export const homeStatisticsPanel: PanelDefinition<HomeStatisticsConfig> = {
  type: 'homeStatistics',
  title: msg`Project statistics`,
  defaultSize: { w: 760, h: 560 },
  configSchema: homeStatisticsConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('HomeStatisticsPanel', () => import('./HomeStatisticsPanel').then((m) => m.HomeStatisticsPanel)),
  thumbnail: HomeStatisticsThumbnail,
};
