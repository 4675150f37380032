import { msg } from '@lingui/core/macro';
import { lazyChunk } from '../../app/lazyChunk';
import { equipmentThumbnail } from '../Equipment/Thumbnail';
import { equipmentPanelConfigSchema, type EquipmentPanelConfig } from '../Equipment/readings';
import { noMigration, type PanelDefinition } from '../types';

/** Yard crane card (issue 10 §5): the live drawing (the boom at its angle with the hook and load) and the main readings (src/panels/Equipment). */
export const yardCranePanel: PanelDefinition<EquipmentPanelConfig> = {
  type: 'yardCrane',
  title: msg`Yard crane`,
  defaultSize: { w: 620, h: 350 },
  configSchema: equipmentPanelConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('YardCranePanel', () => import('../Equipment/EquipmentPanel').then((m) => m.yardCraneCard)),
  bindings: [{ key: 'sn', target: { devices: ['yardCrane'] }, multiple: false, label: msg`Yard crane` }],
  thumbnail: equipmentThumbnail('yardCrane'),
};
