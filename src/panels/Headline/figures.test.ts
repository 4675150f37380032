import { describe, expect, it } from 'vitest';
import { makeCraneDevice, makeGasDevice } from '../../test/builders';
import type { TunnelInfo } from '../../../protocol';
import { cranesWorking, peopleByBore, worstGas } from './figures';

const TUNNELS: TunnelInfo[] = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 0, lengthM: 3000, headings: [] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 0, lengthM: 3000, headings: [] },
];

describe('headline figures', () => {
  it('lists every bore in the project order with its count, an empty one with 0', () => {
    expect(peopleByBore(new Map([['RK', 3], ['XX', 9]]), TUNNELS)).toEqual([
      { tunnelId: 'LK', name: 'Left bore', count: 0 },
      { tunnelId: 'RK', name: 'Right bore', count: 3 },
    ]);
  });

  it('finds the worst gas reading against its limit, a low O2 included', () => {
    const co = makeGasDevice({ sn: 'A', latest: { CO: 23, O2: 20.9 } }); // 23/24 = 0.96, above O2's 19.5/20.9 = 0.93
    const o2 = makeGasDevice({ sn: 'B', latest: { CO: 1, O2: 19.4 } }); // 19.5/19.4 > 1: past the low limit
    expect(worstGas([co, o2])).toMatchObject({ device: { sn: 'B' }, metric: 'O2', value: 19.4, limit: 19.5, side: 'below', level: 'alarm' });
    expect(worstGas([co])).toMatchObject({ metric: 'CO', value: 23, limit: 24, side: 'over', level: 'warning' });
    expect(worstGas([makeGasDevice({ sn: 'C', status: 'offline', latest: { CO: 99 } })])).toBeNull();
  });

  it('counts cranes working of all cranes', () => {
    expect(cranesWorking([makeCraneDevice({ sn: 'T1' }), makeCraneDevice({ sn: 'T2', status: 'offline' }), makeGasDevice({ sn: 'g' })])).toEqual({ working: 1, total: 2 });
  });
});
