import { msg } from '@lingui/core/macro';
import { lazyChunk } from '../../app/lazyChunk';
import { equipmentThumbnail } from '../Equipment/Thumbnail';
import { equipmentPanelConfigSchema, type EquipmentPanelConfig } from '../Equipment/readings';
import { noMigration, type PanelDefinition } from '../types';

/** Construction elevator card (issue 10 §5): the live drawing (the mast with both cages at their floors) and the main readings (src/panels/Equipment). */
export const constructionElevatorPanel: PanelDefinition<EquipmentPanelConfig> = {
  type: 'constructionElevator',
  title: msg`Construction elevator`,
  defaultSize: { w: 620, h: 350 },
  configSchema: equipmentPanelConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('ConstructionElevatorPanel', () => import('../Equipment/EquipmentPanel').then((m) => m.constructionElevatorCard)),
  bindings: [{ key: 'sn', target: { devices: ['constructionElevator'] }, multiple: false, label: msg`Construction elevator` }],
  thumbnail: equipmentThumbnail('constructionElevator'),
};
