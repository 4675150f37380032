import { DATA_FLAGS, DEVICE_KIND_REGISTRY, flagMetric, PARTICULATE_KINDS, type AnyKindDescriptor, type DataFlag, type DeviceInfo, type Threshold } from '../../../protocol';

/** The environment monitors' kinds (those measuring particulates; fog cannons share the area but are no monitors). */
const ENVIRONMENT_KINDS: ReadonlySet<string> = new Set(PARTICULATE_KINDS);

/** The monitor the panel shows: the configured `sn` when it is an environment device, else the first one. */
export function selectMonitor(devices: readonly DeviceInfo[], sn: string | undefined): DeviceInfo | undefined {
  const monitors = devices.filter((d) => ENVIRONMENT_KINDS.has(d.kind));
  return (sn ? monitors.find((d) => d.sn === sn) : undefined) ?? monitors[0];
}

/**
 * The HJ 212 data flag of `key` in the device's latest values when it is not `N` (a reading the rules do
 * not judge: calibrating, maintenance, fault…), else null.
 */
export function flagOf(latest: Record<string, number> | null | undefined, key: string): DataFlag | null {
  const code = latest?.[flagMetric(key)];
  return code ? (DATA_FLAGS[code] ?? null) : null;
}

/**
 * The threshold a reading of `key` is judged on at `atMs` (noise on its night limit between 22:00 and
 * 06:00 Beijing time, as the rules do: the kind's `judgedOn`): the device's own, else the kind's default.
 */
export function limitAt(device: DeviceInfo, key: string, atMs: number): Threshold | undefined {
  const d: AnyKindDescriptor | undefined = DEVICE_KIND_REGISTRY.get(device.kind);
  return thresholdOf(device, d?.judgedOn ? d.judgedOn(key, atMs) : key);
}

/** The device's threshold of threshold metric `metric` (`noiseNight` included), else its kind's default. */
export function thresholdOf(device: DeviceInfo, metric: string): Threshold | undefined {
  const d: AnyKindDescriptor | undefined = DEVICE_KIND_REGISTRY.get(device.kind);
  return device.thresholds.find((t) => t.metric === metric) ?? d?.thresholds.find((t) => t.threshold.metric === metric)?.threshold;
}

/** The 8-point compass sector of a direction in degrees (0 = N, 45 = NE, …): its index 0–7. */
export function compassPoint(deg: number): number {
  return Math.round((((deg % 360) + 360) % 360) / 45) % 8;
}

/** A tile grid: columns, rows and each tile's size (px); `roomy` tiles have room for a note line and key-size values. */
export interface TileGrid {
  cols: number;
  rows: number;
  tileW: number;
  tileH: number;
  roomy: boolean;
}

/** Height a roomy tile needs (label, key-size value, note) and the narrowest it may be, in page px. */
const ROOMY = { h: 104, w: 170 };

/**
 * The grid of `count` tiles that best fills a `width` × `height` area with `gap` px between tiles: the
 * column count whose tiles come closest to roomy proportions in both directions (a wide panel gets one
 * row, a tall one a column).
 */
export function tileGrid(count: number, width: number, height: number, gap: number): TileGrid {
  let best: TileGrid | null = null;
  let bestScore = -Infinity;
  for (let cols = 1; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    const tileW = (width - gap * (cols - 1)) / cols;
    const tileH = (height - gap * (rows - 1)) / rows;
    const score = Math.min(tileW / ROOMY.w, tileH / ROOMY.h);
    if (score > bestScore) {
      bestScore = score;
      best = { cols, rows, tileW, tileH, roomy: tileW >= ROOMY.w && tileH >= ROOMY.h };
    }
  }
  return best!;
}
