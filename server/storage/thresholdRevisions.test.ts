import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY, highThreshold, type Threshold } from '../../protocol';
import { THRESHOLD_DEFAULT_REVISIONS } from './migrations';
import { SEEDED_THRESHOLD_BASELINE } from './thresholdBaseline';
import { applyDefaults } from './thresholdRevisions';

describe('seeded defaults as migrations', () => {
  it('every default in protocol/kinds is the one the baseline or the latest revision migration wrote', () => {
    // Changing a default in a descriptor without a revision migration would leave databases seeded
    // before it on the old value: this fails until the migration is added.
    const written = new Map<string, Threshold>();
    for (const r of [SEEDED_THRESHOLD_BASELINE, ...Object.values(THRESHOLD_DEFAULT_REVISIONS)]) {
      for (const k of r) for (const t of k.thresholds) written.set(`${k.kind}.${t.metric}`, t);
    }
    for (const d of DEVICE_KIND_REGISTRY.descriptors) {
      for (const { threshold } of d.thresholds) expect(written.get(`${d.kind}.${threshold.metric}`), `${d.kind}.${threshold.metric}`).toEqual(threshold);
    }
  });

  it('revision migrations sort after the migration that adds thresholds_edited', () => {
    for (const name of Object.keys(THRESHOLD_DEFAULT_REVISIONS)) expect(name > '0007_fleet_thresholds').toBe(true);
  });
});

describe('applyDefaults', () => {
  const wind = highThreshold('windSpeedMps', 'm/s', 10.8, 13.8, 0.9);
  const tilt = highThreshold('tiltDeg', '°', 0.17, 0.23, 0.9);
  const newWind = highThreshold('windSpeedMps', 'm/s', 10, 13, 0.9);
  const newTilt = highThreshold('tiltDeg', '°', 0.2, 0.3, 0.9);
  const load = highThreshold('loadT', 't', 5, 6, 0.9);

  it('replaces what nobody edited, keeps edits and other metrics in order', () => {
    expect(applyDefaults([wind, load, tilt], ['tiltDeg'], [newWind, newTilt], 'all')).toEqual([newWind, load, tilt]);
  });

  it("adds a missing metric only for scope 'all'", () => {
    expect(applyDefaults([wind], [], [newWind, newTilt], 'all')).toEqual([newWind, newTilt]);
    expect(applyDefaults([wind], [], [newWind, newTilt], 'measured')).toEqual([newWind]);
  });
});
