import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { STRUCTURE_TYPES } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { KeyProgressThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Structure types the key-progress panel can show: the bores (tunnel progress) and the reported ones. */
export const KEY_PROGRESS_STRUCTURES = ['tunnel', ...STRUCTURE_TYPES] as const;

/** Config of the key progress: the structure types shown (none listed: every one). */
export const keyProgressConfigSchema = z.object({ structures: z.array(z.enum(KEY_PROGRESS_STRUCTURES)).max(KEY_PROGRESS_STRUCTURES.length).default([]) });
export type KeyProgressConfig = z.infer<typeof keyProgressConfigSchema>;

/**
 * Key progress by structure type, % of design (docs/domain.md "Project home"): each bore's excavated length
 * from tunnel progress and the profile's reported quantities, as of the board clock (the bores as of the
 * replay instant; reported quantities are the current ones: they keep no history).
 */
export const keyProgressPanel: PanelDefinition<KeyProgressConfig> = {
  type: 'keyProgress',
  title: msg`Key progress`,
  defaultSize: { w: 760, h: 420 },
  configSchema: keyProgressConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('KeyProgressPanel', () => import('./KeyProgressPanel').then((m) => m.KeyProgressPanel)),
  thumbnail: KeyProgressThumbnail,
};
