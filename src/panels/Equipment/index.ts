import { DEVICE_KIND_REGISTRY, type AnyKindDescriptor, type DeviceKind, type KindRegistry } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { KIND_LABELS } from '../../i18n/metricLabels';
import { noMigration, type PanelDefinition } from '../types';
import { equipmentPanelConfigSchema, type EquipmentPanelConfig } from './readings';
import { equipmentThumbnail } from './Thumbnail';

/*
 * One panel type per lifting-equipment kind, sharing one card component (EquipmentPanel.tsx) that draws the
 * kind's live drawing and lists its main readings (readings.ts). The definitions are made from the kind
 * descriptors (protocol/kinds `equipment`), so a new equipment kind gets its card without code here; a kind
 * with a card of its own (`equipment.sharedCard: false`, the tower crane: src/panels/TowerCrane) gets none.
 */

/**
 * The card of equipment kind `d` (the live drawing and the main readings, src/panels/Equipment): panel type
 * named after the kind, titled with the kind's label (src/i18n/metricLabels.ts), bound to one device of it.
 */
export function equipmentPanelOf(d: AnyKindDescriptor): PanelDefinition<EquipmentPanelConfig> {
  const title = KIND_LABELS[d.label.id] ?? d.label;
  const chunk = `${d.kind[0].toUpperCase()}${d.kind.slice(1)}Panel`;
  return {
    type: d.kind,
    title,
    defaultSize: { w: 620, h: 350 },
    configSchema: equipmentPanelConfigSchema,
    configVersion: 1,
    migrate: noMigration,
    component: lazyChunk(chunk, () => import('./EquipmentPanel').then((m) => m.equipmentCard(d.kind))),
    bindings: [{ key: 'sn', target: { devices: [d.kind as DeviceKind] }, multiple: false, label: title }],
    thumbnail: equipmentThumbnail(d.kind),
  };
}

/** The shared-card panels of every equipment kind of `kinds` without a card of its own, in registration order. */
export function equipmentPanels(kinds: KindRegistry = DEVICE_KIND_REGISTRY): PanelDefinition<EquipmentPanelConfig>[] {
  return kinds.descriptors.filter((d) => d.equipment?.sharedCard).map(equipmentPanelOf);
}

/** The app's equipment card panels (construction elevator, bridge girder erector, gantry crane, yard crane). */
export const EQUIPMENT_PANELS = equipmentPanels();
