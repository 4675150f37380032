import { lazyChunk } from '../../app/lazyChunk';
import { msg } from '@lingui/core/macro';
import { KIND_LABEL } from './labels';
import { z } from 'zod';
import { ALARM_KINDS } from '../../../protocol';
import { noMigration, type PanelDefinition } from '../types';
import { AlarmFeedThumbnail } from './Thumbnail';

/**
 * Config of the alarm feed: how many alarms to list (newest first), optionally only some kinds, only
 * active ones, or only untreated ones.
 */
export const alarmFeedConfigSchema = z.object({
  limit: z.number().int().min(1).max(200).default(50),
  kinds: z.array(z.enum(ALARM_KINDS)).min(1).optional(),
  activeOnly: z.boolean().default(false),
  untreatedOnly: z.boolean().default(false),
});
export type AlarmFeedConfig = z.infer<typeof alarmFeedConfigSchema>;

/** Alarm feed: newest first, level colours, handling with dealStatus and remark (docs/product.md "States", "Validation and display"). */
export const alarmFeedPanel: PanelDefinition<AlarmFeedConfig> = {
  type: 'alarmFeed',
  title: msg`Alarms`,
  defaultSize: { w: 460, h: 290 },
  configSchema: alarmFeedConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('AlarmFeedPanel', () => import('./AlarmFeedPanel').then((m) => m.AlarmFeedPanel)),
  settingOptionLabels: { kinds: KIND_LABEL },
  settingLabels: { limit: msg`Alarms listed`, kinds: msg`Alarm kinds`, activeOnly: msg`Active alarms only`, untreatedOnly: msg`Untreated alarms only` },
  thumbnail: AlarmFeedThumbnail,
};
