import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { PanelDataSource } from '../../panelData';
import { PROGRESS_AT, PROGRESS_BORES, showProgressPanel } from '../../test/tunnelProgress';
import { TunnelProgressPanel } from './TunnelProgressPanel';

/** Renders the panel over a source in `mode` whose `tunnelProgress` is `progress`. */
function show(mode: 'live' | 'replay', progress: PanelDataSource['tunnelProgress']) {
  return showProgressPanel(<TunnelProgressPanel panelId="x" config={{ showFigures: true }} width={1200} height={420} />, mode, progress);
}

describe('tunnel progress panels', () => {
  it('draw the bores with the legend of their grades and the figures as of the replay minute, never live data', async () => {
    const progress = vi.fn(async () => PROGRESS_BORES);
    await show('replay', progress);
    expect(await screen.findByText('Grade IV')).toBeTruthy();
    expect(screen.getByText('Grade III')).toBeTruthy();
    expect(screen.queryByText('Grade V')).toBeNull();
    expect(screen.getByText('Entry heading K13+272 · IV')).toBeTruthy();
    expect(progress).toHaveBeenCalledWith('p1', Math.floor(PROGRESS_AT / 60_000) * 60_000);
  });

  it('say so when the source cannot answer', async () => {
    await show('live', () => Promise.reject(new Error('down')));
    expect(await screen.findByText('Tunnel progress could not be loaded')).toBeTruthy();
  });
});
