import { describe, expect, it, vi } from 'vitest';
import { screen, fireEvent } from '@testing-library/react';
import { renderWithApp, testRoot } from '../../test/render';
import { RockGradeEditor } from './RockGradeEditor';

describe('rock grade editor', () => {
  it('checks every row before saving, saves the bore\'s segments through the query store and closes', async () => {
    const root = testRoot();
    const mutate = vi.spyOn(root.queries, 'mutate').mockResolvedValue({} as never);
    const onClose = vi.fn();
    await renderWithApp(<RockGradeEditor projectId="p1" tunnels={[{ tunnelId: 'LK', name: 'Left', startChainageM: 0, lengthM: 100, headings: [], rockSegments: [{ fromM: 0, toM: 50, grade: 'IV' }] }]} onClose={onClose} />, root);
    expect(await screen.findByText('Surrounding-rock grades')).toBeTruthy();
    fireEvent.click(screen.getByText('Add segment'));
    expect(mutate).not.toHaveBeenCalled();
    expect(document.querySelectorAll('[data-grade-row]').length).toBe(2);
    fireEvent.click(screen.getByText('Save'));
    expect((await screen.findByRole('alert')).textContent).toContain('Row 2: from and to are metres with from < to');
    fireEvent.click(screen.getAllByText('Remove')[1]);
    fireEvent.click(screen.getByText('Save'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(mutate.mock.calls[0][1]).toEqual({ projectId: 'p1', tunnelId: 'LK', segments: [{ fromM: 0, toM: 50, grade: 'IV' }] });
    onClose.mockClear();
    fireEvent.click(screen.getByText('Cancel'));
    expect(onClose).toHaveBeenCalled();
  });
});
