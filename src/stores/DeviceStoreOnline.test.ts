import { describe, expect, it } from 'vitest';
import { createRequest } from '../api/request';
import { makeGasDevice, T0 } from '../test/builders';
import { DeviceStore } from './DeviceStore';

describe('DeviceStore: online from status pushes', () => {
  function store() {
    const s = new DeviceStore(createRequest(), 1000);
    s.replaceAll([makeGasDevice({ sn: 'G1', status: 'online', online: true, lastSeenMs: T0 })]);
    return s;
  }

  it('takes a silent device in warning as not online, keeping its last report time', () => {
    const s = store();
    s.applyStatus({ projectId: 'demo-tunnel', items: [{ sn: 'G1', status: 'warning', atMs: T0 + 5_000 }] });
    expect(s.get('G1')).toMatchObject({ status: 'warning', online: true, lastSeenMs: T0 + 5_000 });
    s.applyStatus({ projectId: 'demo-tunnel', items: [{ sn: 'G1', status: 'warning', online: false, atMs: T0 + 40_000 }] });
    expect(s.get('G1')).toMatchObject({ status: 'warning', online: false, lastSeenMs: T0 + 5_000 });
    s.dispose();
  });

  it('reads an offline status without online (an older server) as not online', () => {
    const s = store();
    s.applyStatus({ projectId: 'demo-tunnel', items: [{ sn: 'G1', status: 'offline', atMs: T0 + 40_000 }] });
    expect(s.get('G1')).toMatchObject({ status: 'offline', online: false, lastSeenMs: T0 });
    s.dispose();
  });
});
