import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { TunnelInfo } from '../../protocol';
import { useAlarmFeed, useDevices, usePersonnel } from './context';
import type { PersonnelFrame } from './types';
import { untreatedSos, type SosFix } from './keepSos';
import { PRESENCE_MS, underground, type Underground } from './underground';

/**
 * The people underground in `tunnels` at the board clock (live, or the replayed instant), by the one
 * headcount rule (underground.ts): asks the source for every tag with a fix under PRESENCE_MS old and
 * hands `onFrame` the rule's result for each personnel frame, and again at once when an SOS is raised or
 * handled between two frames. Used by the headline and the tunnel personnel map, so they always agree.
 * @param opts.greyAfterMs a counted tag with no fix for this long (ms) is drawn greyed (frame `silent`;
 * default FRESH_FIX_MS);
 * @param opts.binM the heat strip's bin (m);
 * @param opts.everyMs live, at most one frame per this many ms (a figure, not a moving map); an SOS still
 * shows at once.
 */
export function useUnderground(
  tunnels: readonly TunnelInfo[],
  opts: { greyAfterMs?: number; binM: number; everyMs?: number },
  onFrame: (u: Underground) => void,
  element?: RefObject<Element | null>,
): void {
  const devices = useDevices();
  const feed = useAlarmFeed();
  const sos = useMemo(() => untreatedSos(feed.alarms), [feed.alarms]);
  const memory = useRef(new Map<string, SosFix>());
  const raw = useRef<PersonnelFrame | null>(null);
  const latest = useRef({ sos, tunnels, greyAfterMs: opts.greyAfterMs, onFrame, deviceOf: devices.get });
  latest.current = { sos, tunnels, greyAfterMs: opts.greyAfterMs, onFrame, deviceOf: devices.get };
  const show = (frame: PersonnelFrame) => {
    raw.current = frame;
    const l = latest.current;
    l.onFrame(underground(frame, l.sos, memory.current, l.deviceOf, l.tunnels, l.greyAfterMs));
  };
  const req = useMemo(() => tunnels.map((t) => ({ tunnelId: t.tunnelId, lengthM: t.lengthM })), [tunnels]);
  usePersonnel({ staleMs: PRESENCE_MS, binM: opts.binM, tunnels: req, everyMs: opts.everyMs }, show, element);
  useEffect(() => {
    if (raw.current) show(raw.current);
    // `show` reads the latest values through `latest`
  }, [sos, opts.greyAfterMs]);
}
