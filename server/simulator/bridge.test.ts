import { describe, expect, it } from 'vitest';
import { isEventOnlyKind, parseDeviceMessage, parseDeviceTopic } from '../../protocol';
import { BRIDGE_DEVICES, OTHER_PROJECT } from '../seed/demoProject';
import { FleetModel } from './model';

describe('the bridge project simulated on its own', () => {
  it('publishes valid telemetry of every bridge device on the bridge project topics, without tunnels', () => {
    const startMs = Date.UTC(2026, 4, 1, 2, 0, 0);
    const model = new FleetModel({ projectId: OTHER_PROJECT.projectId, seed: 7, startMs, devices: BRIDGE_DEVICES, tunnels: [] });
    const messages = model.advanceTo(startMs + 30_000);
    const seen = new Set<string>();
    for (const m of messages) {
      const topic = parseDeviceTopic(m.topic);
      expect(topic).toMatchObject({ projectId: OTHER_PROJECT.projectId, kind: m.kind, sn: m.sn });
      expect(parseDeviceMessage(m.kind, JSON.stringify(m.payload))).not.toHaveProperty('reason');
      seen.add(m.sn);
    }
    // event-only devices (the cab clock-in terminals) speak only when something happens
    expect([...seen].sort()).toEqual(BRIDGE_DEVICES.filter((d) => !isEventOnlyKind(d.kind)).map((d) => d.sn).sort());
  });
});
