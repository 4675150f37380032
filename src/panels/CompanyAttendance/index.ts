import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { lazyChunk } from '../../app/lazyChunk';
import { CompanyAttendanceThumbnail } from './Thumbnail';
import { noMigration, type PanelDefinition } from '../types';

/** Config of the company attendance: nothing to choose (every cooperating company of the project). */
export const companyAttendanceConfigSchema = z.object({});
export type CompanyAttendanceConfig = z.infer<typeof companyAttendanceConfigSchema>;

/**
 * Cooperating-company attendance (docs/api.md "Labour attendance"): name, enterprise type, teams, people,
 * registered and present today, rate; a row opens the company's modal with its teams.
 */
export const companyAttendancePanel: PanelDefinition<CompanyAttendanceConfig> = {
  type: 'companyAttendance',
  title: msg`Company attendance`,
  defaultSize: { w: 1100, h: 360 },
  configSchema: companyAttendanceConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('CompanyAttendancePanel', () => import('./CompanyAttendancePanel').then((m) => m.CompanyAttendancePanel)),
  thumbnail: CompanyAttendanceThumbnail,
};
