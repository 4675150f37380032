import { z } from 'zod';
import { DEVICE_KIND_REGISTRY, equipmentRoleOf, type MetricDescriptor } from '../../../protocol';
import { isFlag } from '../../components/equipment/flags';

/** Config of an equipment card: the device's sn. */
export const equipmentPanelConfigSchema = z.object({ sn: z.string().min(1, 'choose a device') });
export type EquipmentPanelConfig = z.infer<typeof equipmentPanelConfigSchema>;


/** A listed reading: the descriptor's metric, and whether it is an on/off state (unit '' and range 0…1). */
export interface PanelReading extends MetricDescriptor {
  flag: boolean;
}

/**
 * The readings of `kind` a card lists, in its descriptor's order (`equipment.cardReadings`: what a site
 * manager looks at first — loads, positions, wind, tilt and the on/off states; the rest stay in the detail
 * modal), with their metric descriptors (unknown keys are skipped; none for a kind that is not equipment).
 */
export function panelReadings(kind: string): PanelReading[] {
  const out: PanelReading[] = [];
  for (const key of equipmentRoleOf(kind)?.cardReadings ?? []) {
    const m = DEVICE_KIND_REGISTRY.metric(kind, key);
    if (m) out.push({ ...m, flag: isFlag(m) });
  }
  return out;
}
