import { msg } from '@lingui/core/macro';
import { lazyChunk } from '../../app/lazyChunk';
import { noMigration, type PanelDefinition } from '../types';
import { equipmentPanelConfigSchema, type EquipmentPanelConfig } from './readings';
import { equipmentThumbnail } from './Thumbnail';

/*
 * One panel type per lifting-equipment kind (docs/architecture.md "Lifting equipment"), sharing one card component (EquipmentPanel.tsx)
 * that draws the kind's live drawing and lists its main readings (readings.ts). The tower crane keeps its
 * own card (src/panels/TowerCrane).
 */

/** Construction elevator card (docs/architecture.md "Lifting equipment"): the live drawing (the mast with both cages at their floors) and the main readings (src/panels/Equipment). */
export const constructionElevatorPanel: PanelDefinition<EquipmentPanelConfig> = {
  type: 'constructionElevator',
  title: msg`Construction elevator`,
  defaultSize: { w: 620, h: 350 },
  configSchema: equipmentPanelConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('ConstructionElevatorPanel', () => import('./EquipmentPanel').then((m) => m.constructionElevatorCard)),
  bindings: [{ key: 'sn', target: { devices: ['constructionElevator'] }, multiple: false, label: msg`Construction elevator` }],
  thumbnail: equipmentThumbnail('constructionElevator'),
};

/** Bridge girder erector card (docs/architecture.md "Lifting equipment"): the live drawing (the main girder with both trolleys and hooks) and the main readings (src/panels/Equipment). */
export const bridgeGirderErectorPanel: PanelDefinition<EquipmentPanelConfig> = {
  type: 'bridgeGirderErector',
  title: msg`Bridge girder erector`,
  defaultSize: { w: 620, h: 350 },
  configSchema: equipmentPanelConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('BridgeGirderErectorPanel', () => import('./EquipmentPanel').then((m) => m.bridgeGirderErectorCard)),
  bindings: [{ key: 'sn', target: { devices: ['bridgeGirderErector'] }, multiple: false, label: msg`Bridge girder erector` }],
  thumbnail: equipmentThumbnail('bridgeGirderErector'),
};

/** Gantry crane card (docs/architecture.md "Lifting equipment"): the live drawing (the gantry with its trolley and hook) and the main readings (src/panels/Equipment). */
export const gantryCranePanel: PanelDefinition<EquipmentPanelConfig> = {
  type: 'gantryCrane',
  title: msg`Gantry crane`,
  defaultSize: { w: 620, h: 350 },
  configSchema: equipmentPanelConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('GantryCranePanel', () => import('./EquipmentPanel').then((m) => m.gantryCraneCard)),
  bindings: [{ key: 'sn', target: { devices: ['gantryCrane'] }, multiple: false, label: msg`Gantry crane` }],
  thumbnail: equipmentThumbnail('gantryCrane'),
};

/** Yard crane card (docs/architecture.md "Lifting equipment"): the live drawing (the boom at its angle with the hook and load) and the main readings (src/panels/Equipment). */
export const yardCranePanel: PanelDefinition<EquipmentPanelConfig> = {
  type: 'yardCrane',
  title: msg`Yard crane`,
  defaultSize: { w: 620, h: 350 },
  configSchema: equipmentPanelConfigSchema,
  configVersion: 1,
  migrate: noMigration,
  component: lazyChunk('YardCranePanel', () => import('./EquipmentPanel').then((m) => m.yardCraneCard)),
  bindings: [{ key: 'sn', target: { devices: ['yardCrane'] }, multiple: false, label: msg`Yard crane` }],
  thumbnail: equipmentThumbnail('yardCrane'),
};
