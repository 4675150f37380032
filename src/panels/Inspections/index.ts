import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { InspectionsThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Config of the inspection panel: how many of the latest open issues it lists (those that fit are shown). */
export const inspectionsConfigSchema = z.object({ openItems: z.number().int().min(0).max(20).default(6) });
export type InspectionsConfig = z.infer<typeof inspectionsConfigSchema>;

/**
 * Quality and safety inspections (docs/domain.md "Inspections"): open and overdue counts per category,
 * and the latest open issues with their deadline, overdue ones in red with the word. Live only.
 */
export const inspectionsPanel: PanelDefinition<InspectionsConfig> = {
  type: 'inspections',
  title: msg`Quality and safety inspections`,
  defaultSize: { w: 760, h: 460 },
  configSchema: inspectionsConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('InspectionsPanel', () => import('./InspectionsPanel').then((m) => m.InspectionsPanel)),
  settingLabels: { openItems: msg`Open issues listed` },
  thumbnail: InspectionsThumbnail,
};
