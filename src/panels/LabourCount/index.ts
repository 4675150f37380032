import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { LabourCountThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Config of the labour count: whether to list the discrepancies under the counts. */
export const labourCountConfigSchema = z.object({ showDiscrepancies: z.boolean().default(true) });
export type LabourCountConfig = z.infer<typeof labourCountConfigSchema>;

/**
 * Live labour count (docs/api.md "Labour attendance"): on site by the gates, present, late and absent
 * today, per bore the gates' and the beacons' counts, and the attendance discrepancies.
 */
export const labourCountPanel: PanelDefinition<LabourCountConfig> = {
  type: 'labourCount',
  title: msg`Labour count`,
  defaultSize: { w: 760, h: 520 },
  configSchema: labourCountConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('LabourCountPanel', () => import('./LabourCountPanel').then((m) => m.LabourCountPanel)),
  thumbnail: LabourCountThumbnail,
};
