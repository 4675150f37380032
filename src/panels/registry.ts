import type { PanelDefinition, PanelRegistry } from '../components/panelApi';
import { alarmFeedPanel } from './AlarmFeed';
import { gasTablePanel } from './GasTable';
import { headlinePanel } from './Headline';
import { gasTrendPanel } from './GasTrend';
import { towerCranePanel } from './TowerCrane';
import { tunnelPersonnelPanel } from './TunnelPersonnel';
import { tunnelPlanPanel } from './TunnelPlan';
import { EQUIPMENT_PANELS } from './Equipment';
import { fleetOverviewPanel } from './FleetOverview';
import { environmentNowPanel } from './EnvironmentNow';
import { airQualityTrendPanel } from './AirQualityTrend';
import { environmentWeekPanel } from './EnvironmentWeek';
import { noiseDayNightPanel } from './NoiseDayNight';
import { weatherPanel } from './Weather';
import { sprayStatePanel } from './SprayState';
import { tunnelProgressPanel } from './TunnelProgress';
import { progressFiguresPanel } from './ProgressFigures';
import { videoPanel } from './Video';
import { cycleStagePanel } from './CycleStage';
import { cycleTimelinePanel } from './CycleTimeline';
import { cycleAnalysisPanel } from './CycleAnalysis';
import { cycleTrendPanel } from './CycleTrend';
import { labourCountPanel } from './LabourCount';
import { companyAttendancePanel } from './CompanyAttendance';
import { vehiclesInTunnelPanel } from './VehiclesInTunnel';
import { inspectionsPanel } from './Inspections';
import { portalCountsPanel } from './PortalCounts';
import { projectSummaryPanel } from './ProjectSummary';
import { keyProgressPanel } from './KeyProgress';
import { homeStatisticsPanel } from './HomeStatistics';
import { latestEventsPanel } from './LatestEvents';

/** Definitions with their config type erased; prepareConfig re-establishes it by parsing. */
const definitions = new Map<string, PanelDefinition<unknown>>();
/** Built-in types (registered at load): they can never be unregistered. */
const builtIns = new Set<string>();
const listeners = new Set<() => void>();
let revision = 0;

function changed(): void {
  revision += 1;
  for (const l of [...listeners]) l();
}

/**
 * Registers a panel type (built-in or custom). Throws Error when the type id is taken: two panels
 * silently fighting over one id would render the wrong view.
 */
export function registerPanel<C>(def: PanelDefinition<C>): void {
  if (definitions.has(def.type)) throw new Error(`panel type already registered: ${def.type}`);
  definitions.set(def.type, def as unknown as PanelDefinition<unknown>);
  changed();
}

/**
 * Removes a panel type registered after start-up (a custom type of the project being left). Built-in
 * types stay; @returns whether a type was removed.
 */
export function unregisterPanel(type: string): boolean {
  if (builtIns.has(type) || !definitions.delete(type)) return false;
  changed();
  return true;
}

/** Whether `type` is one of the app's own panel types. */
export function isBuiltInPanel(type: string): boolean {
  return builtIns.has(type);
}

/**
 * Registry changes for React (`useSyncExternalStore`): `revision()` grows on every register/unregister,
 * `subscribe(fn)` returns the function that stops calling `fn`.
 */
export const panelRegistryChanges = {
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  revision: (): number => revision,
};

/** The registry of every registered panel type (the app provides it to the board). */
export const panelRegistry: PanelRegistry = {
  get: (type) => definitions.get(type),
  list: () => [...definitions.values()],
};

registerPanel(gasTrendPanel);
registerPanel(gasTablePanel);
registerPanel(tunnelPersonnelPanel);
registerPanel(tunnelPlanPanel);
registerPanel(towerCranePanel);
registerPanel(alarmFeedPanel);
registerPanel(fleetOverviewPanel);
registerPanel(tunnelProgressPanel);
registerPanel(progressFiguresPanel);
registerPanel(labourCountPanel);
registerPanel(companyAttendancePanel);
// quality and safety inspections (docs/domain.md "Inspections")
registerPanel(inspectionsPanel);
registerPanel(videoPanel);
for (const panel of EQUIPMENT_PANELS) registerPanel(panel);
registerPanel(headlinePanel);
registerPanel(environmentNowPanel);
// site environment (docs/domain.md "Site environment" and "Spray linkage")
registerPanel(airQualityTrendPanel);
registerPanel(environmentWeekPanel);
registerPanel(noiseDayNightPanel);
registerPanel(weatherPanel);
registerPanel(sprayStatePanel);
// the tunnel process widgets (docs/domain.md "Drill-and-blast cycle")
registerPanel(cycleStagePanel);
registerPanel(cycleTimelinePanel);
registerPanel(cycleAnalysisPanel);
registerPanel(cycleTrendPanel);
// construction vehicles (docs/domain.md "Vehicles in the tunnel")
registerPanel(vehiclesInTunnelPanel);
// the project home (docs/domain.md "Project home")
registerPanel(projectSummaryPanel);
registerPanel(keyProgressPanel);
registerPanel(homeStatisticsPanel);
registerPanel(latestEventsPanel);
// entries and exits through the tunnel portals today (docs/domain.md "Personnel positioning in tunnels")
registerPanel(portalCountsPanel);
for (const def of definitions.values()) builtIns.add(def.type);
