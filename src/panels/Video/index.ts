import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { STREAM_QUALITIES, VIDEO_KINDS } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { VideoThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Longest rotation interval of the panel, seconds. */
export const MAX_ROTATE_S = 3_600;

/**
 * Config of the video panel: the cameras it shows (empty: every camera of the project), one at a time,
 * the next after `rotateS` seconds (0: the first only), on the main or sub stream.
 */
export const videoConfigSchema = z.object({
  sns: z.array(z.string()).max(64).default([]),
  rotateS: z.number().int().min(0).max(MAX_ROTATE_S).default(30),
  quality: z.enum(STREAM_QUALITIES).default('sub'),
  /** Which camera of the set comes first (0-based): panels of one set with starts 0, 1, 2… show different cameras as they rotate. */
  start: z.number().int().min(0).max(63).default(0),
});
export type VideoConfig = z.infer<typeof videoConfigSchema>;

/** Live video of one camera or a rotating set (docs/architecture.md "Video"). */
export const videoPanel: PanelDefinition<VideoConfig> = {
  type: 'video',
  title: msg`Video`,
  defaultSize: { w: 640, h: 400 },
  configSchema: videoConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('VideoPanel', () => import('./VideoPanel').then((m) => m.VideoPanel)),
  bindings: [{ key: 'sns', target: { devices: VIDEO_KINDS }, multiple: true, label: msg`Cameras` }],
  settingLabels: { rotateS: msg`Rotation interval (s)`, quality: msg`Definition`, start: msg`First camera (0-based)` },
  settingOptionLabels: { quality: { main: msg`Main stream`, sub: msg`Sub stream` } },
  thumbnail: VideoThumbnail,
};
