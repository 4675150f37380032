import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Inspection, InspectionStatis, SessionUser } from '../../../protocol';
import { PanelDataProvider, type InspectionOverview, type PanelDataSource } from '../../panelData';
import { renderWithApp, testRoot } from '../../test/render';
import { InspectionsPanel } from './InspectionsPanel';

const AT = Date.UTC(2026, 10, 27, 3, 30, 20);
const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;
const statis = (open: number, awaitingReview: number, overdue: number): InspectionStatis => ({ total: open + awaitingReview + 3, open, awaitingReview, closed: 3, overdue, byCompany: [], trend: [] });
const issue = (inspectionId: number, issue: string, deadline: string, overdue: boolean): Inspection => ({
  inspectionId, category: 'safety', issue, tunnelId: null, chainageM: null, place: 'Portal', severity: 'general', company: 'Lining Co.', foundOn: '2026-11-01', deadline, inspector: '', photoNote: '', attachments: [], rectificationAttachments: [],
  rectification: '', rectifiedOn: null, review: null, reviewer: '', reviewNote: '', reviewedAtMs: null, state: 'open', overdue, updatedAtMs: AT,
});
const OVERVIEW: InspectionOverview = {
  safety: statis(3, 1, 2),
  quality: statis(1, 0, 0),
  open: [issue(9, 'Handrail missing', '2026-11-20', true), issue(8, 'Cable on the walkway', '2026-12-01', false), issue(7, 'Third issue', '2026-12-02', false)],
};

async function show(mode: 'live' | 'replay', openItems = 6): Promise<void> {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const registers = { supplyPoints: async () => [], inspections: async () => OVERVIEW };
  const source = { mode, clock: { now: () => AT }, epoch: 1, tunnels: () => [], tunnelsLoaded: () => true, registers } as unknown as PanelDataSource;
  const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}>{<InspectionsPanel panelId="i" config={{ openItems }} width={760} height={460} />}</PanelDataProvider> }], { initialEntries: ['/'] });
  await renderWithApp(<RouterProvider router={router} />, root);
}

describe('inspection panel', () => {
  it('counts open (with awaiting review) and overdue per category and lists the latest open issues, overdue in red with the word', async () => {
    await show('live', 2);
    await screen.findByText('Handrail missing', { exact: false });
    const counts = (c: string, what: string) => document.querySelector(`[data-inspection-counts="${c}"] [data-${what}]`)?.textContent;
    expect([counts('safety', 'open'), counts('safety', 'overdue'), counts('quality', 'open'), counts('quality', 'overdue')]).toEqual(['4', '2', '1', '0']);
    expect([...document.querySelectorAll('[data-open-inspection]')].map((e) => e.getAttribute('data-open-inspection'))).toEqual(['9', '8']);
    const late = document.querySelector('[data-open-inspection="9"] [data-deadline]')!;
    expect(late.textContent).toBe('2026-11-20 · Overdue');
    expect(document.querySelector('[data-open-inspection="8"] [data-deadline]')!.textContent).toBe('2026-12-01');
  });

  it('says inspections are shown live only in replay', async () => {
    await show('replay');
    expect(await screen.findByText('Inspections are shown live only')).toBeTruthy();
  });
});

describe('open issues that fit', () => {
  const item = (issue: string, company = 'Lining Co.') => ({ issue, company });
  it('keeps whole issues only: fewer in a short or narrow panel, Chinese text counted wider', async () => {
    const { fittingItems } = await import('./InspectionsPanel');
    const many = Array.from({ length: 6 }, (_, k) => item(`Shotcrete thickness 14 cm against 22 cm at K13+${400 + k}`));
    expect(fittingItems(many, 760, 1000, 20)).toHaveLength(6);
    const tall = fittingItems(many, 760, 300, 20).length;
    expect(tall).toBeGreaterThan(0);
    expect(tall).toBeLessThan(6);
    expect(fittingItems(many, 380, 300, 20).length).toBeLessThan(tall);
    const zh = Array.from({ length: 6 }, () => item('初期支护喷射混凝土厚度不足设计值二十二厘米', '云岭隧道工程有限公司'));
    const en = Array.from({ length: 6 }, () => item('Shotcrete too thin here', 'Yunling Tunnel Co.'));
    expect(fittingItems(zh, 380, 400, 20).length).toBeLessThan(fittingItems(en, 380, 400, 20).length);
    expect(fittingItems(many, 760, 10, 20)).toEqual([]);
  });
});
