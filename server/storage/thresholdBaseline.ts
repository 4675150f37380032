import type { KindDefaultsRevision } from './thresholdRevisions';

/**
 * The default thresholds the seed wrote before thresholds became editable (migration 0007_fleet_thresholds), written out:
 * databases seeded from then on have these unless a revision migration (thresholdRevisions.ts) changed
 * them. Never edit an entry here: ship a changed default as a revision migration. A new kind adds its
 * first defaults here (no database has devices of it yet). Values and sources: protocol/kinds/*.ts.
 */
export const SEEDED_THRESHOLD_BASELINE: readonly KindDefaultsRevision[] = [
  {
    kind: 'gas',
    scope: 'measured',
    thresholds: [
      { metric: 'CO', unit: 'ppm', warnHigh: 17, alarmHigh: 24, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null },
      { metric: 'H2S', unit: 'ppm', warnHigh: 5, alarmHigh: 6.6, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null },
      { metric: 'NH3', unit: 'ppm', warnHigh: 28, alarmHigh: 40, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null },
      { metric: 'NO2', unit: 'ppm', warnHigh: 1.9, alarmHigh: 2.5, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null },
      { metric: 'SO2', unit: 'ppm', warnHigh: 1.9, alarmHigh: 5, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null },
      { metric: 'CO2', unit: '%vol', warnHigh: 0.5, alarmHigh: 1.5, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null },
      { metric: 'CH4', unit: '%vol', warnHigh: 0.5, alarmHigh: 1, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null },
      { metric: 'H2', unit: '%vol', warnHigh: 1, alarmHigh: 2, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null },
      { metric: 'acrolein', unit: 'mg/m³', warnHigh: 0.225, alarmHigh: 0.3, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null },
      { metric: 'dust', unit: 'mg/m³', warnHigh: 3, alarmHigh: 4, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null },
      { metric: 'O2', unit: '%vol', warnHigh: null, alarmHigh: 23.5, warnLow: 20, alarmLow: 19.5, clearRatio: 0.9787234042553191, clearLow: 20 },
    ],
  },
  {
    kind: 'beacon',
    scope: 'all',
    thresholds: [
      { metric: 'heartRate', unit: 'bpm', warnHigh: 110, alarmHigh: 120, warnLow: 55, alarmLow: 50, clearRatio: 0.9, clearLow: 60 },
      { metric: 'spo2', unit: '%', warnHigh: null, alarmHigh: null, warnLow: 94, alarmLow: 90, clearRatio: 1, clearLow: 95 },
      { metric: 'bodyTempC', unit: '℃', warnHigh: 37, alarmHigh: 37.3, warnLow: null, alarmLow: null, clearRatio: 0.99, clearLow: null },
      { metric: 'battery', unit: '%', warnHigh: null, alarmHigh: null, warnLow: 20, alarmLow: 10, clearRatio: 1, clearLow: 30 },
    ],
  },
  {
    kind: 'towerCrane',
    scope: 'all',
    thresholds: [
      { metric: 'momentPct', unit: '%', warnHigh: 90, alarmHigh: 100, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'windSpeedMps', unit: 'm/s', warnHigh: 10.8, alarmHigh: 13.8, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'tiltDeg', unit: '°', warnHigh: 0.17, alarmHigh: 0.23, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
    ],
  },
  // The lifting equipment kinds' first defaults (protocol/kinds/<kind>.ts has the sources).
  {
    kind: 'constructionElevator',
    scope: 'all',
    thresholds: [
      { metric: 'leftLoadPct', unit: '%', warnHigh: 90, alarmHigh: 100, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'rightLoadPct', unit: '%', warnHigh: 90, alarmHigh: 100, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'leftTiltDeg', unit: '°', warnHigh: 0.17, alarmHigh: 0.23, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'rightTiltDeg', unit: '°', warnHigh: 0.17, alarmHigh: 0.23, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'leftLimitSwitch', unit: '', warnHigh: null, alarmHigh: 1, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null },
      { metric: 'rightLimitSwitch', unit: '', warnHigh: null, alarmHigh: 1, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null },
      { metric: 'windSpeedMps', unit: 'm/s', warnHigh: 10.8, alarmHigh: 13.8, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
    ],
  },
  {
    kind: 'bridgeGirderErector',
    scope: 'all',
    thresholds: [
      { metric: 'frontLoadPct', unit: '%', warnHigh: 90, alarmHigh: 100, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'rearLoadPct', unit: '%', warnHigh: 90, alarmHigh: 100, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'windSpeedMps', unit: 'm/s', warnHigh: 10.8, alarmHigh: 13.8, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'levelnessDeg', unit: '°', warnHigh: 0.17, alarmHigh: 0.23, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
    ],
  },
  {
    kind: 'gantryCrane',
    scope: 'all',
    thresholds: [
      { metric: 'loadPct', unit: '%', warnHigh: 90, alarmHigh: 100, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'windSpeedMps', unit: 'm/s', warnHigh: 10.8, alarmHigh: 13.8, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
    ],
  },
  {
    kind: 'yardCrane',
    scope: 'all',
    thresholds: [
      { metric: 'momentPct', unit: '%', warnHigh: 90, alarmHigh: 100, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'windSpeedMps', unit: 'm/s', warnHigh: 10.8, alarmHigh: 13.8, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'tiltDeg', unit: '°', warnHigh: 0.17, alarmHigh: 0.23, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
    ],
  },
  {
    kind: 'environment',
    scope: 'all',
    thresholds: [
      { metric: 'pm10', unit: 'µg/m³', warnHigh: 80, alarmHigh: 150, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'pm25', unit: 'µg/m³', warnHigh: 75, alarmHigh: 115, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'tsp', unit: 'mg/m³', warnHigh: 0.7, alarmHigh: 0.8, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null },
      { metric: 'noise', unit: 'dB(A)', warnHigh: null, alarmHigh: 70, warnLow: null, alarmLow: null, clearRatio: 0.95, clearLow: null },
      { metric: 'noiseNight', unit: 'dB(A)', warnHigh: null, alarmHigh: 55, warnLow: null, alarmLow: null, clearRatio: 0.95, clearLow: null },
    ],
  },
  {
    kind: 'vehicle',
    scope: 'all',
    thresholds: [
      { metric: 'speedKmh', unit: 'km/h', warnHigh: null, alarmHigh: 10, warnLow: null, alarmLow: null, clearRatio: 0.8, clearLow: null },
      { metric: 'personGapM', unit: 'm', warnHigh: null, alarmHigh: null, warnLow: null, alarmLow: 5, clearRatio: 1, clearLow: 7 },
      { metric: 'battery', unit: '%', warnHigh: null, alarmHigh: null, warnLow: 20, alarmLow: 10, clearRatio: 1, clearLow: 30 },
    ],
  },
];
