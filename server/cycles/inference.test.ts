import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEVICES, DEMO_TUNNELS } from '../seed';
import { HeadingCycle, type StageInterval } from '../simulator/cycle';
import { FleetModel } from '../simulator/model';
import { FaceCrowd } from './faceCrowd';
import { HeadingTrack, REPORT_HOLD_MS } from './headingTrack';
import { StageInference, type InferredChange } from './inference';

/**
 * The inference on recorded sequences of the demo simulator (seed 1): the face station and the beacons of
 * one heading for 30 simulated hours, three rounds, against the stages the simulator's cycle (cycle.ts) ran.
 */
const START_MS = Date.UTC(2026, 4, 6, 0, 0, 0);
const HOURS = 30;
const MINUTE = 60_000;

interface Run {
  inferred: InferredChange[];
  truth: StageInterval[];
}

function run(headingId: string): Run {
  const tunnel = DEMO_TUNNELS.find((t) => t.headings.some((h) => h.headingId === headingId))!;
  const heading = tunnel.headings.find((h) => h.headingId === headingId)!;
  const devices = DEMO_DEVICES.filter((d) => d.headingId === headingId && (d.kind === 'beacon' || d.sn === `GAS-${headingId}-F`));
  const model = new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: START_MS, devices });
  const cycle = new HeadingCycle(heading, tunnel.lengthM, 1, START_MS);
  const inference = new StageInference();
  const crowd = new FaceCrowd();
  const inferred: InferredChange[] = [];
  for (let t = START_MS; t < START_MS + HOURS * 3_600_000; t += MINUTE) {
    for (const m of model.advanceTo(t)) {
      if (m.kind === 'beacon') crowd.fix(m.sn, m.payload.tunnelId, m.payload.chainageM, m.tsMs);
      else if (m.kind === 'gas') {
        const r = m.payload.readings;
        const change = inference.accept({ tMs: m.tsMs, co: r.CO, no2: r.NO2, dust: r.dust, ...crowd.around(tunnel.tunnelId, cycle.faceAt(m.tsMs), m.tsMs) });
        if (change) inferred.push(change);
      }
    }
  }
  return { inferred, truth: cycle.intervalsBetween(START_MS, START_MS + HOURS * 3_600_000) };
}

/** The inferred start of `stage` nearest to `ms`, and how far it is, ms. */
function nearest(inferred: readonly InferredChange[], stage: string, ms: number): number {
  const starts = inferred.filter((c) => c.stage === stage).map((c) => Math.abs(c.startMs - ms));
  return starts.length ? Math.min(...starts) : Infinity;
}

describe('stage inference on the simulated RK-E heading (grade V, no tablet)', () => {
  let r: Run;
  beforeAll(() => {
    r = run('RK-E');
  }, 120_000);

  it('finds every blast within 2 minutes of the detonation, and no other', () => {
    const detonations = r.truth.filter((iv) => iv.blast && iv.blast.detonationMs > START_MS + 10 * MINUTE).map((iv) => iv.blast!.detonationMs);
    expect(detonations.length).toBeGreaterThanOrEqual(2);
    const blasts = r.inferred.filter((c) => c.stage === 'blasting');
    expect(blasts).toHaveLength(detonations.length);
    for (const d of detonations) {
      const found = blasts.find((b) => b.startMs >= d && b.startMs - d <= 2 * MINUTE);
      expect(found, new Date(d).toISOString()).toBeDefined();
      expect(found!.confidence).toBe('high');
    }
  });

  it('finds mucking and initial support within 10 minutes of their start after each blast', () => {
    const afterFirstBlast = r.truth.filter((iv) => iv.startMs > r.inferred.find((c) => c.stage === 'blasting')!.startMs);
    const mucking = afterFirstBlast.filter((iv) => iv.stage === 'mucking' && iv.endMs < START_MS + HOURS * 3_600_000);
    const support = afterFirstBlast.filter((iv) => iv.stage === 'support' && iv.endMs < START_MS + HOURS * 3_600_000);
    expect(mucking.length).toBeGreaterThanOrEqual(2);
    for (const iv of mucking) expect(nearest(r.inferred, 'mucking', iv.startMs), new Date(iv.startMs).toISOString()).toBeLessThanOrEqual(10 * MINUTE);
    for (const iv of support) expect(nearest(r.inferred, 'support', iv.startMs), new Date(iv.startMs).toISOString()).toBeLessThanOrEqual(10 * MINUTE);
  });

  it('orders the stages of each round as the cycle does: blast, ventilation, scaling, mucking, support, then idle or drilling', () => {
    const stages = r.inferred.map((c) => c.stage);
    const first = stages.indexOf('blasting');
    expect(stages.slice(first, first + 5)).toEqual(['blasting', 'ventilation', 'scaling', 'mucking', 'support']);
    for (let i = 1; i < r.inferred.length; i++) expect(r.inferred[i].startMs).toBeGreaterThanOrEqual(r.inferred[i - 1].startMs);
  });

  it('keeps a reported stage over the inference: inferred changes of a reporting heading change nothing', () => {
    const track = new HeadingTrack('V');
    const firstBlast = r.inferred.find((c) => c.stage === 'blasting')!;
    const reportMs = firstBlast.startMs - 3 * 3_600_000;
    track.offer({ stage: 'drilling', startMs: reportMs, source: 'reported', confidence: 'high', editor: 'foreman' });
    const withinHold = r.inferred.filter((c) => c.startMs - reportMs < REPORT_HOLD_MS);
    expect(withinHold.length).toBeGreaterThan(5);
    for (const c of withinHold) expect(track.offer({ ...c, source: 'inferred' })).toBeNull();
    expect(track.current).toMatchObject({ stage: 'drilling', source: 'reported' });
    // a heading whose reports stopped a day ago goes back to the inference
    const late = r.inferred.at(-1)!;
    const after = track.offer({ stage: 'support', startMs: Math.max(late.startMs, reportMs + REPORT_HOLD_MS), source: 'inferred', confidence: 'medium' });
    expect(after?.opened).toMatchObject({ stage: 'support', source: 'inferred' });
  });
});
