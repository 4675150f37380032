import type { GasCode } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed/demoProject';

/**
 * What both implementations draw, at the same size: the same station, gases, tunnel and time span.
 * The load scales with the multiplier; the drawn content does not (a control room watching one board
 * while the connection carries many projects).
 */
export const SCENE = {
  projectId: DEMO_PROJECT.projectId,
  /** The charted gas station: the left bore entry heading's face station (demoProject.ts). */
  stationSn: 'GAS-LK-E-F',
  /**
   * Its report period in the benchmark (s). The demo's 10 s would give one latency sample per 10 s and
   * 180 points per 30 min; at 1 s the chart gets a sample per second and 1,800 points over 1,200 px.
   */
  stationPeriodS: 1,
  /** Two ppm gases, O2 on its own scale and CH4 on the %vol scale (GasTrend's scale rules). */
  gases: ['CO', 'NO2', 'O2', 'CH4'] as const satisfies readonly GasCode[],
  /** Plot size; GasTrendPanel puts its 34 px legend above it, so the panel gets 534 px. */
  chartWidthPx: 1200,
  chartHeightPx: 500,
  legendHeightPx: 34,
  /** The chart shows the last 30 minutes. */
  chartSpanMs: 30 * 60 * 1000,
  tunnelId: 'LK',
  /** Left bore length in metres (demoProject.ts DEMO_TUNNELS). */
  tunnelLengthM: 3_050,
  stripWidthPx: 1800,
  stripHeightPx: 300,
} as const;
