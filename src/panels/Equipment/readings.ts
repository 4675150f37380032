import { z } from 'zod';
import { DEVICE_KIND_REGISTRY, type MetricDescriptor } from '../../../protocol';
import { isFlag } from '../../components/equipment/flags';

/** Config of an equipment card: the device's sn. */
export const equipmentPanelConfigSchema = z.object({ sn: z.string().min(1, 'choose a device') });
export type EquipmentPanelConfig = z.infer<typeof equipmentPanelConfigSchema>;

/**
 * The readings an equipment card lists, per kind, in this order (the rest stay in the detail modal): what a
 * site manager looks at first — loads, positions, wind, tilt and the on/off states.
 */
export const PANEL_READINGS: Readonly<Record<string, readonly string[]>> = {
  constructionElevator: ['leftFloor', 'leftLoadT', 'leftOccupants', 'rightFloor', 'rightLoadT', 'rightOccupants', 'windSpeedMps'],
  bridgeGirderErector: ['frontLoadT', 'rearLoadT', 'frontHookHeightM', 'rearHookHeightM', 'levelnessDeg', 'windSpeedMps', 'travelPosM'],
  gantryCrane: ['loadT', 'loadPct', 'hookHeightM', 'trolleyPosM', 'travelPosM', 'windSpeedMps', 'railClamp'],
  yardCrane: ['loadT', 'momentPct', 'radiusM', 'boomAngleDeg', 'tiltDeg', 'windSpeedMps', 'outriggersSet'],
  towerCrane: ['loadT', 'momentPct', 'radiusM', 'heightM', 'windSpeedMps', 'tiltDeg'],
};

/** A listed reading: the descriptor's metric, and whether it is an on/off state (unit '' and range 0…1). */
export interface PanelReading extends MetricDescriptor {
  flag: boolean;
}

/** The readings of `kind` a card lists, from its descriptor (unknown keys are skipped). */
export function panelReadings(kind: string): PanelReading[] {
  const out: PanelReading[] = [];
  for (const key of PANEL_READINGS[kind] ?? []) {
    const m = DEVICE_KIND_REGISTRY.metric(kind, key);
    if (m) out.push({ ...m, flag: isFlag(m) });
  }
  return out;
}
