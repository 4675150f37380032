import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { FLEET, type ThresholdView } from '../../../../protocol';
import { PersonCard } from '../../../../src/people/PersonCard';
import { appRoot, renderWithApp } from '../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../src/test/realServer';
import { IN_DIALOG } from '../../../../src/test/dialogs';

/** docs/api.md "People and zones": the person card shows the limits of the person's beacon and an administrator edits them there. */
const WAIT = { timeout: 30_000 };
const PROJECT = 'demo-tunnel';
const SN = 'BC0003';
const real = useRealServer();

const limits = async () => (await real().admin.call<ThresholdView>(FLEET.thresholdGet.path, { projectId: PROJECT, target: { sn: SN } })).entries;

describe('person card limits', () => {
  it("shows the beacon's limits from the project default, and an administrator's change makes them the beacon's own, audited", async () => {
    const root = appRoot(real().client().fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    await renderWithApp(<PersonCard projectId={PROJECT} target={{ beaconSn: SN }} onClose={() => {}} />, root);
    const section = await waitFor(() => {
      const s = document.querySelector('[data-person-limits]');
      expect(s).not.toBeNull();
      return s as HTMLElement;
    }, WAIT);
    const row = await waitFor(() => {
      const r = section.querySelector('[data-threshold="heartRate"]');
      expect(r).not.toBeNull();
      return r as HTMLElement;
    }, WAIT);
    // nobody set this beacon's heart-rate limits yet: the project default is in force
    expect(row.getAttribute('data-edited')).toBe('false');
    expect((await limits()).find((e) => e.threshold.metric === 'heartRate')?.edited).toBe(false);

    const warnHigh = row.querySelector('[data-field="warnHigh"]') as HTMLInputElement;
    const before = Number(warnHigh.value);
    fireEvent.change(warnHigh, { target: { value: String(before - 5) } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(() => expect(section.querySelector('[data-threshold="heartRate"]')?.getAttribute('data-edited')).toBe('true'), WAIT);
    const saved = (await limits()).find((e) => e.threshold.metric === 'heartRate');
    expect(saved).toMatchObject({ edited: true, threshold: { warnHigh: before - 5 } });
    // the change is in the card's audit, as for any device
    await waitFor(() => expect(section.querySelector('[data-audit="heartRate"]')).not.toBeNull(), WAIT);

    // reset: back to the project default
    fireEvent.click(within(section.querySelector('[data-threshold="heartRate"]') as HTMLElement).getByRole('button', { name: 'Reset', ...IN_DIALOG }));
    await waitFor(() => expect(section.querySelector('[data-threshold="heartRate"]')?.getAttribute('data-edited')).toBe('false'), WAIT);
    expect((await limits()).find((e) => e.threshold.metric === 'heartRate')?.threshold.warnHigh).toBe(before);
    expect(section.textContent).toContain("Rows marked edited are this beacon's own limits; the others are the project's default for personnel beacons.");
  }, 180_000);
});
