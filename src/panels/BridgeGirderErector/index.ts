import { msg } from '@lingui/core/macro';
import { lazyChunk } from '../../app/lazyChunk';
import { equipmentThumbnail } from '../Equipment/Thumbnail';
import { equipmentPanelConfigSchema, type EquipmentPanelConfig } from '../Equipment/readings';
import { noMigration, type PanelDefinition } from '../types';

/** Bridge girder erector card (issue 10 §5): the live drawing (the main girder with both trolleys and hooks) and the main readings (src/panels/Equipment). */
export const bridgeGirderErectorPanel: PanelDefinition<EquipmentPanelConfig> = {
  type: 'bridgeGirderErector',
  title: msg`Bridge girder erector`,
  defaultSize: { w: 620, h: 350 },
  configSchema: equipmentPanelConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('BridgeGirderErectorPanel', () => import('../Equipment/EquipmentPanel').then((m) => m.bridgeGirderErectorCard)),
  bindings: [{ key: 'sn', target: { devices: ['bridgeGirderErector'] }, multiple: false, label: msg`Bridge girder erector` }],
  thumbnail: equipmentThumbnail('bridgeGirderErector'),
};
