import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BOARDS, type Board } from '../../../../../protocol';
import { createRequest } from '../../../../../src/api/request';
import { EditorStore } from '../../../../../src/stores/EditorStore';
import { appRoot, renderWithApp } from '../../../../../src/test/render';
import { useRealServer } from '../../../../../src/test/realServer';
import { movePanels } from '../../../../../src/board/editor/commands';
import { ReleasesDialog } from '../../../../../src/board/editor/ReleasesDialog';

const real = useRealServer();

describe('releases dialog on the real board server', () => {
  it('publishes with a note, lists releases newest first, and restores an older one into the draft', async () => {
    const { admin, createBoard } = real();
    const board = await createBoard({ name: 'Releases', pages: [{ name: 'One', panels: [{ type: 'alarmFeed', x: 0, y: 0, w: 100, h: 100, config: {} }] }] });
    const request = createRequest({ fetch: admin.fetch });
    const store = new EditorStore({ request, saveDebounceMs: 60_000 });
    await store.open(board.boardId);
    const panelId = store.page!.panels[0].panelId;
    const draft = () => admin.call<Board>(BOARDS.boardScreen.path, { boardId: board.boardId, released: false });
    const released = () => admin.call<Board & { releaseNo: number }>(BOARDS.boardScreen.path, { boardId: board.boardId, released: true });

    await renderWithApp(
      <ReleasesDialog boardId={board.boardId} onRelease={(note) => store.release(note || undefined)} onRestore={(no) => store.restoreRelease(no)} onClose={() => undefined} />,
      appRoot(admin.fetch),
    );
    expect(await screen.findByText('Not released yet: wall screens show nothing of this board until its first release.')).toBeTruthy();

    // Release 1 at x = 0, with a note.
    fireEvent.change(screen.getByLabelText('Release note'), { target: { value: 'first cut' } });
    fireEvent.click(screen.getByRole('button', { name: 'Release now' }));
    await screen.findByTestId('release-history');
    // An edit not yet saved is saved before release 2 is published.
    store.run(movePanels(store.board!, store.pageId!, [panelId], 300, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Release now' }));
    await waitFor(() => expect(screen.getAllByRole('row').filter((r) => r.dataset.releaseNo)).toHaveLength(2));
    const rows = screen.getAllByRole('row').filter((r) => r.dataset.releaseNo);
    expect(rows.map((r) => r.dataset.releaseNo)).toEqual(['2', '1']);
    expect(within(rows[1]).getByText('first cut')).toBeTruthy();
    expect(within(rows[0]).getByText('admin')).toBeTruthy();
    expect((await released()).pages[0].panels[0].x).toBe(300);

    // Restore release 1: asks first, then the draft (not the live release) goes back to x = 0.
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Restore to draft' }));
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Replace the draft' }));
    await waitFor(() => expect(store.page?.panels[0].x).toBe(0));
    expect((await draft()).pages[0].panels[0].x).toBe(0);
    expect((await released()).pages[0].panels[0].x).toBe(300);
    store.dispose();
  });
});
