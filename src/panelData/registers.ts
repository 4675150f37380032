import { useEffect, useState } from 'react';
import { EMERGENCY, INSPECTIONS, type Inspection, type InspectionStatis, type SupplyPoint } from '../../protocol';
import { useProjectId } from '../app/shell/useProjectId';
import type { RootStore } from '../stores';
import { useClockInstant, usePanelData } from './context';

/** What the inspection panel shows: each category's counts and the latest open issues. */
export interface InspectionOverview {
  safety: InspectionStatis;
  quality: InspectionStatis;
  /** The latest open issues (no rectification yet, or its last one rejected), newest first, at most {@link OPEN_ITEMS}. */
  open: Inspection[];
}

/** Open issues the overview carries at most (a panel shows what fits). */
export const OPEN_ITEMS = 20;

/**
 * The project's registers for the board (docs/api.md "Emergency resources", "Inspections"): the supply
 * points of the tunnel strip and the inspection overview, as they are now (the registers keep no history).
 */
export interface RegisterSource {
  /** The supply points, by bore and chainage. Rejects when the server cannot answer. */
  supplyPoints(projectId: string): Promise<SupplyPoint[]>;
  /** Counts per category and the latest open issues. Rejects when the server cannot answer. */
  inspections(projectId: string): Promise<InspectionOverview>;
}

/** The register routes through the root store's request (errors are the panel's to show, no toast). */
export function registerSourceOf(root: RootStore): RegisterSource {
  const opts = { skipErrorHandler: true };
  return {
    supplyPoints: async (projectId) => (await root.request(EMERGENCY.list, { projectId, register: 'supplyPoint' }, opts)).list.filter((r): r is SupplyPoint => r.register === 'supplyPoint'),
    inspections: async (projectId) => {
      const [safety, quality, open] = await Promise.all([
        root.request(INSPECTIONS.safetyStatis, { projectId, days: 1 }, opts),
        root.request(INSPECTIONS.qualityStatis, { projectId, days: 1 }, opts),
        root.request(INSPECTIONS.list, { projectId, state: 'open', limit: OPEN_ITEMS }, opts),
      ]);
      return { safety, quality, open: open.list };
    },
  };
}

/** The registers are asked again this often (ms): they change by hand, a few times a day. */
export const REGISTERS_REFRESH_MS = 60_000;

/** One register answer, asked on mount and every `refreshMs`; absent source: `unavailable`. */
function useRegister<T>(ask: ((s: RegisterSource, projectId: string) => Promise<T>) | null, refreshMs = REGISTERS_REFRESH_MS): { data: T | null; failed: boolean; unavailable: boolean } {
  const source = usePanelData();
  const projectId = useProjectId();
  const key = Math.floor(useClockInstant(1_000) / refreshMs);
  const registers = source.mode === 'live' ? source.registers : undefined;
  const [state, setState] = useState<{ data: T | null; failed: boolean }>({ data: null, failed: false });
  useEffect(() => {
    if (!projectId || !registers || !ask) return;
    let cancelled = false;
    ask(registers, projectId)
      .then((data) => !cancelled && setState({ data, failed: false }))
      .catch(() => !cancelled && setState((prev) => ({ data: prev.data, failed: true })));
    return () => {
      cancelled = true;
    };
    // `ask` is one of the module's constant functions below
  }, [registers, projectId, key, ask]);
  return { ...state, unavailable: !registers };
}

const askSupplyPoints = (s: RegisterSource, p: string) => s.supplyPoints(p);
const askInspections = (s: RegisterSource, p: string) => s.inspections(p);

/**
 * The project's emergency supply points (live; absent in replay, where the strip shows none). `enabled`
 * false asks nothing (the layer is switched off).
 */
export function useSupplyPoints(enabled = true): { points: SupplyPoint[] | null; failed: boolean } {
  const { data, failed } = useRegister(enabled ? askSupplyPoints : null);
  return { points: enabled ? data : null, failed };
}

/** The inspection overview (live; `unavailable` in replay: the registers keep no history). */
export function useInspectionOverview(): { overview: InspectionOverview | null; failed: boolean; unavailable: boolean } {
  const { data, failed, unavailable } = useRegister(askInspections);
  return { overview: data, failed, unavailable };
}
