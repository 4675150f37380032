import { describe, expect, it } from 'vitest';
import { decodeSns, encodeSns, MAX_SN_CODES } from './LiveHost';
import type { PersonnelFrame } from './types';

function frameOf(...tunnels: string[][]): PersonnelFrame {
  return {
    atMs: 0,
    latestTs: null,
    tunnels: tunnels.map((sns, i) => ({ tunnelId: `T${i}`, sns: [...sns], chainageM: new Float64Array(sns.length), sos: new Uint8Array(sns.length), heat: new Uint16Array(0) })),
  };
}

describe('personnel sn codes (encodeSns / decodeSns)', () => {
  it('sends each sn once per session and restores every frame exactly, in any order', () => {
    const sent = new Map<string, number>();
    const got: string[] = [];
    const frames = [
      [['B1', 'B2', 'B3'], ['B4']],
      [['B3', 'B1', 'B2'], ['B4', 'B5']],
      [[], ['B5', 'B2', 'B6']],
    ];
    const added: string[][] = [];
    for (const tunnels of frames) {
      const f = frameOf(...tunnels);
      const codes = encodeSns(sent, f);
      expect(f.tunnels.every((t) => t.sns.length === 0)).toBe(true);
      added.push(codes.added);
      decodeSns(got, f, codes);
      expect(f.tunnels.map((t) => t.sns)).toEqual(tunnels);
    }
    expect(added).toEqual([['B1', 'B2', 'B3', 'B4'], ['B5'], ['B6']]);
  });

  it('keeps the table bounded: past MAX_SN_CODES both ends start again and frames still decode', () => {
    const sent = new Map<string, number>();
    const got: string[] = [];
    const many = Array.from({ length: MAX_SN_CODES - 1 }, (_, i) => `A${i}`);
    const f1 = frameOf(many);
    decodeSns(got, f1, encodeSns(sent, f1));
    const next = ['A0', 'N1', 'N2'];
    const f2 = frameOf(next);
    const codes = encodeSns(sent, f2);
    expect(codes.reset).toBe(true);
    expect(codes.added).toEqual(next);
    expect(sent.size).toBe(3);
    decodeSns(got, f2, codes);
    expect(got).toEqual(next);
    expect(f2.tunnels[0].sns).toEqual(next);
  });
});
