import { lazyChunk } from '../../app/lazyChunk';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { noMigration, type PanelDefinition } from '../types';
import { HeadlineThumbnail } from './Thumbnail';

/** The figures a headline row can show, in the order they are drawn. */
export const HEADLINE_FIGURES = ['people', 'alarms', 'gas', 'cranes'] as const;
export type HeadlineFigure = (typeof HEADLINE_FIGURES)[number];

/** Config of the headline row: which figures (default all four). */
export const headlineConfigSchema = z.object({
  figures: z.array(z.enum(HEADLINE_FIGURES)).min(1).max(4).default([...HEADLINE_FIGURES]),
});
export type HeadlineConfig = z.infer<typeof headlineConfigSchema>;

/**
 * Headline figures for a wall screen (issue "legible from across the room"): people underground per bore,
 * open alarms, the worst gas reading against its limit and cranes working, in a large display style with
 * tabular digits.
 */
export const headlinePanel: PanelDefinition<HeadlineConfig> = {
  type: 'headline',
  title: msg`Headline figures`,
  defaultSize: { w: 1880, h: 170 },
  configSchema: headlineConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('HeadlinePanel', () => import('./HeadlinePanel').then((m) => m.HeadlinePanel)),
  settingLabels: { figures: msg`Figures shown` },
  settingOptionLabels: {
    figures: { people: msg`People underground`, alarms: msg`Open alarms`, gas: msg`Worst gas reading`, cranes: msg`Cranes working` },
  },
  thumbnail: HeadlineThumbnail,
};
