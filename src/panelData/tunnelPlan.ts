import { useEffect, useState } from 'react';
import type { TunnelPlan } from '../../protocol';
import { useProjectId } from '../app/shell/useProjectId';
import { useClockInstant, usePanelData } from './context';

/** How often the plan's design data is asked again live (an alignment or a zone changes a few times a project). */
export const TUNNEL_PLAN_REFRESH_MS = 5 * 60_000;

/**
 * The plan view's alignments, cross passages and zones of the board's project (tunnel/plan, docs/api.md
 * "Tunnel plan"): asked on mount, every TUNNEL_PLAN_REFRESH_MS and when `revision` changes (a screen that
 * saved an alignment). `plan` null until the first answer, and for good in a source without a server;
 * `failed` when the last request failed (the view then draws every bore straight and says so).
 */
export function useTunnelPlan(revision = 0): { plan: TunnelPlan | null; failed: boolean } {
  const source = usePanelData();
  const projectId = useProjectId();
  const key = Math.floor(useClockInstant(TUNNEL_PLAN_REFRESH_MS) / TUNNEL_PLAN_REFRESH_MS);
  const [state, setState] = useState<{ plan: TunnelPlan | null; failed: boolean }>({ plan: null, failed: false });
  useEffect(() => {
    if (!projectId || !source.tunnelPlan) return;
    let cancelled = false;
    source
      .tunnelPlan(projectId)
      .then((plan) => !cancelled && setState({ plan, failed: false }))
      .catch(() => !cancelled && setState((s) => ({ plan: s.plan, failed: true })));
    return () => {
      cancelled = true;
    };
  }, [source, projectId, key, revision]);
  return state;
}
