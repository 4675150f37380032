import { describe, expect, it } from 'vitest';
import { emergencyAccidentTypes, nearestSupplyPoints, plansFor, type EmergencyPlan, type SupplyPoint } from './emergency';

const point = (name: string, tunnelId: string, chainageM: number): SupplyPoint => ({ register: 'supplyPoint', name, tunnelId, chainageM, contact: 'Zhao', phone: '138 0000 0000', note: '', recordId: chainageM, updatedAtMs: 0, updatedBy: 'seed' });
const plan = (name: string, accidentType: EmergencyPlan['accidentType']): EmergencyPlan => ({ register: 'plan', name, accidentType, leader: 'Chen', leaderPhone: '139 0000 0001', contacts: [], recordId: 1, updatedAtMs: 0, updatedBy: 'seed' });

describe('nearestSupplyPoints', () => {
  const points = [point('LK portal', 'LK', 12_000), point('LK cabinet', 'LK', 13_150), point('LK exit', 'LK', 15_050), point('RK cabinet', 'RK', 13_240), point('LK exit cabinet', 'LK', 14_020)];

  it('answers the points of the same bore nearest along it first, with their distance, never another bore', () => {
    const near = nearestSupplyPoints(points, 'LK', 13_240, 3);
    expect(near.map((p) => [p.name, p.distanceM])).toEqual([
      ['LK cabinet', 90],
      ['LK exit cabinet', 780],
      ['LK portal', 1_240],
    ]);
  });

  it('looks both ways from the place and keeps at most the limit', () => {
    expect(nearestSupplyPoints(points, 'LK', 14_900, 2).map((p) => p.name)).toEqual(['LK exit', 'LK exit cabinet']);
    expect(nearestSupplyPoints(points, 'LK', 14_900, 0)).toEqual([]);
  });

  it('orders points at the same distance by name, and answers nothing for a bore without points', () => {
    const tie = [point('B store', 'RK', 13_000), point('A store', 'RK', 13_200)];
    expect(nearestSupplyPoints(tie, 'RK', 13_100).map((p) => p.name)).toEqual(['A store', 'B store']);
    expect(nearestSupplyPoints(points, 'ZK', 13_000)).toEqual([]);
  });
});

describe('plansFor', () => {
  const plans = [plan('Collapse', 'collapse'), plan('Gas', 'gasExplosion'), plan('Water', 'waterInrush')];

  it("answers the plans of the alarm's accident types, or every plan when none matches", () => {
    expect(plansFor(plans, ['gasExplosion', 'poisoning']).map((p) => p.name)).toEqual(['Gas']);
    expect(plansFor(plans, []).map((p) => p.name)).toEqual(['Collapse', 'Gas', 'Water']);
    expect(plansFor(plans, ['fire']).map((p) => p.name)).toEqual(['Collapse', 'Gas', 'Water']);
  });
});

describe('emergencyAccidentTypes', () => {
  it('calls every plan for an SOS, the gas plans for a gas alarm, and none for a device gone quiet or a crane', () => {
    expect(emergencyAccidentTypes({ kind: 'sos', deviceKind: 'beacon' })).toEqual([]);
    expect(emergencyAccidentTypes({ kind: 'threshold', deviceKind: 'gas' })).toEqual(['gasExplosion', 'poisoning']);
    expect(emergencyAccidentTypes({ kind: 'offline', deviceKind: 'gas' })).toBeNull();
    expect(emergencyAccidentTypes({ kind: 'threshold', deviceKind: 'towerCrane' })).toBeNull();
  });
});
