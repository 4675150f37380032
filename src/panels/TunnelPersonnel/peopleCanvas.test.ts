import { describe, expect, it } from 'vitest';
import type { TunnelInfo } from '../../../protocol';
import type { PersonnelFrame } from '../../panelData';
import { fromWireFrame, HEADCOUNT_SLOT, PeopleCanvasRenderer, toWireFrame, type PeopleCanvasSetup } from './peopleCanvas';

const LK: TunnelInfo = { tunnelId: 'LK', name: 'Left bore', startChainageM: 12_000, lengthM: 3_000, headings: [] };

type Event = { type: string; props: Record<string, unknown> };

function frame(sos = 0): PersonnelFrame {
  return {
    atMs: 0,
    tunnels: [{ tunnelId: 'LK', sns: ['BC0001', 'BC0002'], chainageM: new Float64Array([100, 1200]), sos: new Uint8Array([0, sos]), heat: new Uint16Array(150) }],
  };
}

const SETUP: PeopleCanvasSetup = {
  tunnels: [LK],
  width: 900,
  height: 200,
  pixelRatio: 2,
  screenScale: 1,
  binM: 20,
  labelColor: '#e5e7eb',
  headcountTemplate: `${HEADCOUNT_SLOT} Personen`,
};

describe('PeopleCanvasRenderer (the worker side of the personnel map)', () => {
  function renderer() {
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D & { __getEvents(): Event[]; __clearEvents(): void };
    return { r: new PeopleCanvasRenderer({ get width() { return canvas.width; }, set width(v) { canvas.width = v; }, get height() { return canvas.height; }, set height(v) { canvas.height = v; }, getContext: () => ctx }), canvas, ctx };
  }

  it('sizes the canvas for the pixel ratio and draws the newest frame once, with the translated headcount', () => {
    const { r, canvas, ctx } = renderer();
    expect(r.draw()).toBeNull(); // nothing to draw before a setup and a frame
    r.setup(SETUP);
    r.show(frame(), {});
    expect([canvas.width, canvas.height]).toEqual([1800, 400]);
    expect(r.draw()).toBe(2);
    expect(ctx.__getEvents().filter((e) => e.type === 'fillText').map((e) => e.props.text)).toEqual(['2 Personen']);
    expect(r.draw()).toBeNull(); // unchanged: no second draw
  });

  it('names a person in SOS with the name the page sent', () => {
    const { r, ctx } = renderer();
    r.setup(SETUP);
    r.show(frame(1), { BC0002: 'Li Fang' });
    r.draw();
    expect(ctx.__getEvents().filter((e) => e.type === 'fillText').map((e) => e.props.text)).toContain('SOS Li Fang');
  });
});

describe('the wire frame posted to the map worker', () => {
  it('carries the count and only the labelled people, and reads back as the frame with their names', () => {
    const f: PersonnelFrame = { ...frame(1), track: { sn: 'BC0001', tunnelId: 'LK', ts: new Float64Array([1]), chainageM: new Float64Array([100]), sos: new Uint8Array([0]) } };
    const wire = toWireFrame(f, (sn) => (sn === 'BC0002' ? 'Li Fang' : 'Wang Wei'));
    expect(wire.tunnels[0]).toMatchObject({ count: 2, labelled: [[1, 'BC0002', 'Li Fang'], [0, 'BC0001', 'Wang Wei']] });
    expect('sns' in wire.tunnels[0]).toBe(false);
    const back = fromWireFrame(structuredClone(wire));
    expect(back.frame.tunnels[0].sns).toEqual(['BC0001', 'BC0002']);
    expect([...back.frame.tunnels[0].chainageM]).toEqual([100, 1200]);
    expect(back.names).toEqual({ BC0002: 'Li Fang', BC0001: 'Wang Wei' });
  });
});
