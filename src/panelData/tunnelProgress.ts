import { useEffect, useState } from 'react';
import type { TunnelProgressAt } from '../../protocol';
import { useProjectId } from '../app/shell/useProjectId';
import { useClockInstant, usePanelData } from './context';

/** How often live tunnel progress is asked again (a face moves a few metres per round, a few rounds a day). */
export const TUNNEL_PROGRESS_REFRESH_MS = 30_000;

/**
 * The bores of the board's project with their saved progress and figures (tunnel/progress/figures,
 * docs/api.md "Tunnel progress") as of the board clock. Live: asked on mount and every
 * TUNNEL_PROGRESS_REFRESH_MS; replay: as of the replay instant, asked again when it moves to another minute
 * (never live data while replaying). `bores` null until the first answer; `failed` when the last request failed.
 */
export function useTunnelProgress(): { bores: TunnelProgressAt[] | null; failed: boolean } {
  const source = usePanelData();
  const projectId = useProjectId();
  const replay = source.mode === 'replay';
  // live: the clock moves the key once per refresh period, not every second (nothing else here reads it)
  const instant = useClockInstant(replay ? 1_000 : TUNNEL_PROGRESS_REFRESH_MS);
  const key = replay ? Math.floor(instant / 60_000) : instant;
  const [state, setState] = useState<{ bores: TunnelProgressAt[] | null; failed: boolean }>({ bores: null, failed: false });
  useEffect(() => {
    if (!projectId) return;
    let cancelled = false;
    source
      .tunnelProgress(projectId, replay ? key * 60_000 : Date.now())
      .then((bores) => !cancelled && setState({ bores, failed: false }))
      .catch(() => !cancelled && setState((s) => ({ bores: s.bores, failed: true })));
    return () => {
      cancelled = true;
    };
  }, [source, projectId, replay, key]);
  return state;
}
