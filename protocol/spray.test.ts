import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY, PARTICULATE_KINDS } from './kinds';
import { LINKAGE_METRICS, LINKAGE_UNIT } from './spray';

describe('a spray linkage', () => {
  it("states its limit in the unit every particulate monitor reports the metric in", () => {
    expect(PARTICULATE_KINDS.length).toBeGreaterThan(0);
    for (const kind of PARTICULATE_KINDS) {
      for (const metric of LINKAGE_METRICS) expect(DEVICE_KIND_REGISTRY.metric(kind, metric)?.unit, `${kind}.${metric}`).toBe(LINKAGE_UNIT[metric]);
    }
  });
});
