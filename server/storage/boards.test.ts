import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAYOUT_DEFAULTS, type Board } from '../../protocol';
import { openTestDatabase } from '../../tests/helpers/storageDb';
import { boardRow, insertBoard, insertRelease, latestReleases, releaseHistory, releaseLayout, releaseRow, writeBoardDraft } from './boards';
import type { OpenDatabase } from './database';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openTestDatabase(['p1']);
});
afterAll(async () => {
  await database?.close();
});

function board(boardId: string, name: string, version = 1): Board {
  return { boardId, projectId: 'p1', name, version, layout: { ...LAYOUT_DEFAULTS }, pages: [{ pageId: 'pg1', name: 'Page 1', order: 0, panels: [] }] };
}

describe('board storage', () => {
  it('numbers releases one after another and keeps only the last `keep`', async () => {
    await insertBoard(database.db, board('b1', 'Tunnel'), 1_000);
    for (let i = 1; i <= 4; i++) {
      const draft = board('b1', `Tunnel v${i}`, i);
      await writeBoardDraft(database.db, draft, 1_000 + i);
      const info = await insertRelease(database.db, draft, { note: i === 4 ? null : `r${i}`, by: 'admin', nowMs: 2_000 + i }, 3);
      expect(info.releaseNo).toBe(i);
    }
    expect((await releaseHistory(database.db, 'b1', 10)).map((r) => r.releaseNo)).toEqual([4, 3, 2]);
    expect(await releaseLayout(database.db, 'b1', 1)).toBeUndefined();
    expect((await releaseRow(database.db, 'b1', 'latest'))?.name).toBe('Tunnel v4');
    expect((await releaseRow(database.db, 'b1', 3))?.note).toBe('r3');
    expect((await boardRow(database.db, 'b1'))?.version).toBe(4);
  });

  it('answers the latest release of each board, and none for a board never released', async () => {
    await insertBoard(database.db, board('b2', 'Bridge'), 1_000);
    const latest = await latestReleases(database.db, ['b1', 'b2']);
    expect([...latest.keys()]).toEqual(['b1']);
    expect(latest.get('b1')).toMatchObject({ releaseNo: 4, name: 'Tunnel v4' });
    expect(await latestReleases(database.db, [])).toEqual(new Map());
  });
});
