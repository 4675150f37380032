import { describe, expect, it } from 'vitest';
import type { Board } from '../../protocol';
import { DraftBackups, MAX_DRAFT_BACKUPS, sameBoardContent } from './draftBackup';

const board = (boardId: string, x = 0): Board => ({
  boardId,
  projectId: 'p',
  name: 'B',
  version: 3,
  layout: { pageWidth: 800, pageHeight: 600, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
  pages: [{ pageId: 'pg', name: 'One', order: 0, panels: [{ panelId: 'a', type: 't', x, y: 0, w: 10, h: 10, z: 1, config: {} }] }],
});

describe('draft backups', () => {
  it('keeps the newest backups only, so localStorage cannot fill up with old boards', () => {
    let now = 1_000;
    const backups = new DraftBackups(window.localStorage, () => now);
    for (let i = 0; i < MAX_DRAFT_BACKUPS + 3; i++) {
      now += 1;
      backups.write(1, board(`b${i}`));
    }
    expect(backups.read('b0')).toBeNull();
    expect(backups.read('b2')).toBeNull();
    expect(backups.read('b3')).toMatchObject({ baseVersion: 1, savedAtMs: 1_004 });
    expect(backups.read(`b${MAX_DRAFT_BACKUPS + 2}`)).not.toBeNull();
  });

  it('reads a corrupt entry as none and removes it; a full or missing storage only means no backup', () => {
    window.localStorage.setItem('siteboard.unsavedDraft.bad', '{"boardId":"bad","board":{}}');
    const backups = new DraftBackups(window.localStorage);
    expect(backups.read('bad')).toBeNull();
    expect(window.localStorage.getItem('siteboard.unsavedDraft.bad')).toBeNull();

    const full = { setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, getItem: () => null, removeItem: () => undefined, key: () => null, length: 0, clear: () => undefined } as Storage;
    expect(() => new DraftBackups(full).write(1, board('x'))).not.toThrow();
    expect(() => new DraftBackups(null).write(1, board('x'))).not.toThrow();
    expect(new DraftBackups(null).read('x')).toBeNull();
  });

  it("makes room for the board being edited by dropping other boards' backups when the storage is full", () => {
    const items = new Map<string, string>();
    const QUOTA_CHARS = 900; // room for two backups of the board below, not three
    const small: Storage = {
      get length() {
        return items.size;
      },
      key: (i) => [...items.keys()][i] ?? null,
      getItem: (k) => items.get(k) ?? null,
      removeItem: (k) => void items.delete(k),
      clear: () => items.clear(),
      setItem: (k, v) => {
        const used = [...items].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
        if (used + k.length + v.length > QUOTA_CHARS) throw new DOMException('full', 'QuotaExceededError');
        items.set(k, v);
      },
    };
    let now = 0;
    const backups = new DraftBackups(small, () => ++now);
    backups.write(1, board('old1'));
    backups.write(1, board('old2'));
    expect(backups.read('old1')).not.toBeNull();
    backups.write(1, board('editing'));
    expect(backups.read('editing')).toMatchObject({ boardId: 'editing' });
    expect([backups.read('old1'), backups.read('old2')].filter(Boolean).length).toBeLessThan(2);
  });

  it('compares content whatever the key order, and ignores the version', () => {
    const a = board('b');
    const reordered = { ...a, version: 9, layout: { pageTips: 0, wholeTips: 0, pageSwitchModel: 1, pageHeight: 600, pageWidth: 800 } } as Board;
    expect(sameBoardContent(a, reordered)).toBe(true);
    expect(sameBoardContent(a, board('b', 5))).toBe(false);
  });
});
