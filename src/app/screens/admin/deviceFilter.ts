import type { RegistryDevice } from '../../../../protocol';

/** What the Devices tab's toolbar filters by: `q` searched in the serial number, name and station; `kind` ('' for every kind). */
export interface DeviceFilter {
  q: string;
  kind: string;
}

/** No filter: every device. */
export const NO_DEVICE_FILTER: DeviceFilter = { q: '', kind: '' };

/** Devices a page of the Devices tab holds (a few screens of rows at 1366×768, never the whole registry). */
export const DEVICE_PAGE_SIZE = 25;

/**
 * The devices matching `f`, in the registry's order: of kind `f.kind` (any when empty) and, when `f.q` has
 * text, whose serial number, name or station contains it (trimmed, case-insensitive).
 */
export function filterDevices(devices: readonly RegistryDevice[], f: DeviceFilter): RegistryDevice[] {
  const q = f.q.trim().toLowerCase();
  return devices.filter((d) => (!f.kind || d.kind === f.kind) && (!q || d.sn.toLowerCase().includes(q) || d.name.toLowerCase().includes(q) || d.station.toLowerCase().includes(q)));
}

/** The kinds present among `devices`, each once, in the order of `order` (the registry of kinds). */
export function kindsPresent<K extends string>(devices: readonly RegistryDevice[], order: readonly K[]): K[] {
  const present = new Set<string>(devices.map((d) => d.kind));
  return order.filter((k) => present.has(k));
}
