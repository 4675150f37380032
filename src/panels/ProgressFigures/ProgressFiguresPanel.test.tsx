import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PROGRESS_BORES, showProgressPanel } from '../../test/tunnelProgress';
import { ProgressFiguresPanel } from './ProgressFiguresPanel';

describe('progress figures panel', () => {
  it('mark a step distance over its limit in words, not only in colour', async () => {
    await showProgressPanel(<ProgressFiguresPanel panelId="y" config={{}} width={1200} height={300} />, 'live', async () => PROGRESS_BORES);
    // invert 37 m and lining 92 m behind a grade IV face (limits 35 m and 90 m)
    await screen.findAllByText(/37 \/ 35 m/);
    const over = [...document.querySelectorAll('[data-step-exceeded="true"]')].map((e) => e.textContent);
    expect(over).toEqual(['37 / 35 m ▲ over limit', '92 / 90 m ▲ over limit']);
  });
});
