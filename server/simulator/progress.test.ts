import { describe, expect, it } from 'vitest';
import { stepDistances } from '../../protocol';
import { DEMO_TUNNELS } from '../seed/demoProject';
import { HeadingCycle } from './cycle';
import { HeadingProgressModel, INVERT_POUR_M, LINING_POUR_M } from './progress';
import { HOUR_MS } from './siteClock';

const START = Date.UTC(2026, 10, 27, 0);

describe('HeadingProgressModel', () => {
  it('reports the face of its cycle and keeps the invert and lining behind it within the step limits', () => {
    for (const t of DEMO_TUNNELS) {
      for (const h of t.headings) {
        const cycle = new HeadingCycle(h, t.lengthM, 1, START);
        const model = new HeadingProgressModel(h, cycle);
        const first = model.at(START);
        expect(first.faceM).toBe(h.faceM);
        let last = first;
        for (let ts = START; ts <= START + 48 * HOUR_MS; ts += HOUR_MS) {
          const m = model.at(ts);
          const dir = h.portal === 'entry' ? 1 : -1;
          // the face only moves away from its portal; pours only follow it
          expect((m.faceM! - last.faceM!) * dir).toBeGreaterThanOrEqual(0);
          expect((m.invertM! - last.invertM!) * dir).toBeGreaterThanOrEqual(0);
          expect(Math.abs(m.liningM! - last.liningM!) % LINING_POUR_M).toBeCloseTo(0, 5);
          expect(Math.abs(m.invertM! - last.invertM!) % INVERT_POUR_M).toBeCloseTo(0, 5);
          const d = stepDistances({ portal: h.portal, faceM: m.faceM!, invertM: m.invertM!, liningM: m.liningM! }, 'V');
          expect(d.invertToFace.exceeded, `${h.headingId} invert at ${new Date(ts).toISOString()}`).toBe(false);
          expect(d.liningToFace.exceeded, `${h.headingId} lining at ${new Date(ts).toISOString()}`).toBe(false);
          last = m;
        }
        expect(Math.abs(last.faceM! - first.faceM!)).toBeGreaterThan(2); // two days of rounds moved it
      }
    }
  });
});
