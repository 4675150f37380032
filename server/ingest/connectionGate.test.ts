import { describe, expect, it } from 'vitest';
import { ConnectionGate } from './connectionGate';

describe('ConnectionGate', () => {
  it('lets a whole site of one address log in at once, far beyond the failure budget', () => {
    const gate = new ConnectionGate({ failuresPerMinute: 120, loginsPerMinute: 6_000 });
    let loggedIn = 0;
    // 300 devices behind one NAT, each connection settled by its login before the next arrives
    for (let i = 0; i < 300; i++) {
      const a = gate.open('203.0.113.7', 0);
      if (a && gate.settle(a, true, 0)) loggedIn++;
    }
    expect(loggedIn).toBe(300);
  });

  it('closes new connections of an address once its failures are spent, and lets them in again as the minute refills', () => {
    const gate = new ConnectionGate({ failuresPerMinute: 3, loginsPerMinute: 1_000 });
    for (let i = 0; i < 3; i++) gate.settle(gate.open('10.0.0.1', 0)!, false, 0);
    expect(gate.open('10.0.0.1', 0)).toBeNull();
    expect(gate.open('10.0.0.2', 0)).not.toBeNull(); // other addresses are not affected
    expect(gate.open('10.0.0.1', 19_999)).toBeNull();
    expect(gate.open('10.0.0.1', 20_000)).not.toBeNull();
  });

  it('holds at most failuresPerMinute connections of an address waiting for their login', () => {
    const gate = new ConnectionGate({ failuresPerMinute: 2, loginsPerMinute: 1_000 });
    const a = gate.open('10.0.0.1', 0)!;
    gate.open('10.0.0.1', 0);
    expect(gate.open('10.0.0.1', 0)).toBeNull();
    expect(gate.settle(a, true, 0)).toBe(true);
    expect(gate.open('10.0.0.1', 0)).not.toBeNull();
  });

  it('refuses logins beyond the login budget and counts them as failures', () => {
    const gate = new ConnectionGate({ failuresPerMinute: 1, loginsPerMinute: 2 });
    expect([0, 0, 0].map(() => gate.settle(gate.open('10.0.0.1', 0)!, true, 0))).toEqual([true, true, false]);
    expect(gate.open('10.0.0.1', 0)).toBeNull();
  });

  it('counts an attempt once, whichever of login and close settles it first', () => {
    const gate = new ConnectionGate({ failuresPerMinute: 1, loginsPerMinute: 10 });
    const a = gate.open('10.0.0.1', 0)!;
    expect(gate.settle(a, true, 0)).toBe(true);
    expect(gate.settle(a, false, 0)).toBe(false); // the socket closing later spends no failure
    expect(gate.open('10.0.0.1', 0)).not.toBeNull();
  });

  it('tracks a bounded number of addresses, forgetting idle ones first', () => {
    const gate = new ConnectionGate({ failuresPerMinute: 2, loginsPerMinute: 10 }, 3);
    gate.settle(gate.open('a', 0)!, false, 0);
    for (const k of ['b', 'c', 'd', 'e']) gate.open(k, 0);
    expect(gate.size()).toBeLessThanOrEqual(3);
    expect(gate.open('e', 0)).not.toBeNull();
  });
});
