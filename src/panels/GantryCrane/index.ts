import { msg } from '@lingui/core/macro';
import { lazyChunk } from '../../app/lazyChunk';
import { equipmentThumbnail } from '../Equipment/Thumbnail';
import { equipmentPanelConfigSchema, type EquipmentPanelConfig } from '../Equipment/readings';
import { noMigration, type PanelDefinition } from '../types';

/** Gantry crane card (issue 10 §5): the live drawing (the gantry with its trolley and hook) and the main readings (src/panels/Equipment). */
export const gantryCranePanel: PanelDefinition<EquipmentPanelConfig> = {
  type: 'gantryCrane',
  title: msg`Gantry crane`,
  defaultSize: { w: 620, h: 350 },
  configSchema: equipmentPanelConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('GantryCranePanel', () => import('../Equipment/EquipmentPanel').then((m) => m.gantryCraneCard)),
  bindings: [{ key: 'sn', target: { devices: ['gantryCrane'] }, multiple: false, label: msg`Gantry crane` }],
  thumbnail: equipmentThumbnail('gantryCrane'),
};
