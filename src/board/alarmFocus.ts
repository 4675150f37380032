import { isPersonTagKind, type Alarm, type DeviceInfo, type Page } from '../../protocol';

/**
 * Which page of a board shows `device` (a person's beacon, a gas station, a crane): the first page with a
 * visible tunnel personnel map covering the device's bore (a map without a bore list covers all), else the
 * first page with a visible panel bound to the device's sn. -1 when no page shows it.
 */
export function pageShowingDevice(pages: readonly Page[], device: Pick<DeviceInfo, 'sn' | 'tunnelId' | 'kind'>): number {
  const visible = (p: Page) => p.panels.filter((panel) => !panel.hidden);
  if (isPersonTagKind(device.kind)) {
    const i = pages.findIndex((p) =>
      visible(p).some((panel) => {
        if (panel.type !== 'tunnelPersonnel') return false;
        const ids = (panel.config as { tunnelIds?: unknown }).tunnelIds;
        return !Array.isArray(ids) || (device.tunnelId !== null && ids.includes(device.tunnelId));
      }),
    );
    if (i >= 0) return i;
  }
  return pages.findIndex((p) =>
    visible(p).some((panel) => {
      const c = panel.config as { sn?: unknown; sns?: unknown };
      return c.sn === device.sn || (Array.isArray(c.sns) && c.sns.includes(device.sn));
    }),
  );
}

/**
 * The SOS a carousel must bring up and hold: the most recent active, untreated SOS alarm (the triage
 * list's first SOS), or null.
 */
export function holdingSos(openActive: readonly Alarm[]): Alarm | null {
  return openActive.find((a) => a.kind === 'sos') ?? null;
}
