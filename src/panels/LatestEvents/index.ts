import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { HOME_LATEST_EVENTS } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { LatestEventsThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Config of the latest events: how many to show (at most the HOME_LATEST_EVENTS home/summary carries). */
export const latestEventsConfigSchema = z.object({ max: z.number().int().min(1).max(HOME_LATEST_EVENTS).default(HOME_LATEST_EVENTS) });
export type LatestEventsConfig = z.infer<typeof latestEventsConfigSchema>;

/**
 * The latest events of the event book (docs/api.md "Event book"), latest first, as of the board clock (in
 * replay, those recorded up to the replay instant).
 */
export const latestEventsPanel: PanelDefinition<LatestEventsConfig> = {
  type: 'latestEvents',
  title: msg`Latest events`,
  defaultSize: { w: 760, h: 520 },
  configSchema: latestEventsConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('LatestEventsPanel', () => import('./LatestEventsPanel').then((m) => m.LatestEventsPanel)),
  thumbnail: LatestEventsThumbnail,
};
