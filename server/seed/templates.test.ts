import { describe, expect, it } from 'vitest';
import { BOARD_TEMPLATE_CATEGORIES, BUILTIN_PANEL_TYPES, boardSchema } from '../../protocol';
import { DEMO_DEVICES } from './demoProject';
import { instantiateTemplate, instantiateTemplatePage } from './instantiate';
import { BOARD_TEMPLATES, findTemplate } from './templates';
import { untranslatedTemplateNames } from './templateNames';

function counter() {
  let n = 0;
  return (prefix: 'page' | 'panel') => `${prefix}-${++n}`;
}

describe('standard board templates', () => {
  it('cover tunnel, bridge and road projects with unique ids', () => {
    const categories = new Set(BOARD_TEMPLATES.map((t) => t.category));
    expect([...categories].sort()).toEqual([...BOARD_TEMPLATE_CATEGORIES].sort());
    expect(new Set(BOARD_TEMPLATES.map((t) => t.templateId)).size).toBe(BOARD_TEMPLATES.length);
    expect(findTemplate('tunnel-safety')?.category).toBe('tunnel');
    expect(findTemplate('nope')).toBeUndefined();
  });

  it('use only built-in panel types, placed inside their page without overlaps', () => {
    for (const t of BOARD_TEMPLATES) {
      for (const page of t.pages) {
        for (const p of page.panels) {
          const where = `${t.templateId}/${page.templatePageId}/${p.title}`;
          expect(BUILTIN_PANEL_TYPES, where).toContain(p.type);
          expect(p.x >= 0 && p.y >= 0 && p.x + p.w <= t.layout.pageWidth && p.y + p.h <= t.layout.pageHeight, where).toBe(true);
          for (const q of page.panels) {
            if (q === p) continue;
            const overlap = p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;
            expect(overlap, `${where} overlaps ${q.title}`).toBe(false);
          }
          // gasTrend and towerCrane need one device: their template must say which.
          if (p.type === 'gasTrend' || p.type === 'towerCrane') expect(p.bind, where).toBeDefined();
        }
      }
    }
  });
});

describe('instantiateTemplate', () => {
  const devices = DEMO_DEVICES.map((d) => ({ sn: d.sn, kind: d.kind }));

  it('makes a valid version-1 board with fresh page and panel ids in template order', () => {
    for (const t of BOARD_TEMPLATES) {
      const board = instantiateTemplate(t, { boardId: 'b1', projectId: 'p1' }, devices, counter());
      expect(boardSchema.safeParse(board).success).toBe(true);
      expect(board).toMatchObject({ boardId: 'b1', projectId: 'p1', name: t.name, version: 1, layout: t.layout });
      expect(board.pages.map((p) => p.order)).toEqual(t.pages.map((_, i) => i));
      const ids = board.pages.flatMap((p) => [p.pageId, ...p.panels.map((x) => x.panelId)]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(JSON.stringify(board)).not.toContain('"bind"');
    }
  });

  it('gives two boards from one template no shared ids and no shared config objects', () => {
    const t = findTemplate('tunnel-carousel')!;
    const a = instantiateTemplate(t, { boardId: 'a', projectId: 'p' }, devices, (prefix) => `${prefix}-a${Math.random()}`);
    const b = instantiateTemplate(t, { boardId: 'b', projectId: 'p' }, devices, (prefix) => `${prefix}-b${Math.random()}`);
    const idsA = new Set(a.pages.flatMap((p) => [p.pageId, ...p.panels.map((x) => x.panelId)]));
    for (const p of b.pages) for (const x of p.panels) expect(idsA.has(x.panelId)).toBe(false);
    (a.pages[0].panels[0].config as { binM: number }).binM = 999;
    expect(b.pages[0].panels[0].config).toMatchObject({ binM: 10 });
    expect(t.pages[0].panels[0].config).toMatchObject({ binM: 10 });
  });

  it("binds device panels to the project's own devices by sn order, leaving sn unset when there are too few", () => {
    const t = findTemplate('bridge-lifting')!;
    const page = instantiateTemplatePage(t.pages[0], [
      { sn: 'TC-B', kind: 'towerCrane' },
      { sn: 'TC-A', kind: 'towerCrane' },
      { sn: 'GAS-1', kind: 'gas' },
    ], counter());
    const cranes = page.panels.filter((p) => p.type === 'towerCrane').map((p) => p.config.sn);
    expect(cranes).toEqual(['TC-A', 'TC-B', undefined, undefined]);
    const tunnel = instantiateTemplate(findTemplate('tunnel-safety')!, { boardId: 'b', projectId: 'p' }, devices, counter());
    const trend = tunnel.pages[0].panels.find((p) => p.type === 'gasTrend')!;
    expect(trend.config).toEqual({ sn: 'GAS-LK-E-F', gases: ['CO', 'NO2', 'O2', 'dust'], windowMin: 30 });
  });

  it('takes a given name and page name', () => {
    const t = findTemplate('road-overview')!;
    expect(instantiateTemplate(t, { boardId: 'b', projectId: 'p', name: 'K12 section' }, [], counter()).name).toBe('K12 section');
    expect(instantiateTemplatePage(t.pages[0], [], counter(), { name: 'Mine', order: 4 })).toMatchObject({ name: 'Mine', order: 4 });
  });

  it('names pages and panels in the site language: every English name has a Chinese one, nothing else changes', () => {
    expect(untranslatedTemplateNames(BOARD_TEMPLATES, 'zh-CN')).toEqual([]);
    const en = findTemplate('tunnel-safety')!;
    const zh = findTemplate('tunnel-safety', 'zh-CN')!;
    expect(zh.name).toBe('隧道安全：实时');
    expect(zh.pages[0].panels.map((p) => p.title)).toEqual(['一览', '洞内人员', '掌子面：气体趋势', '气体测点', '塔吊', '告警']);
    const geometry = (t: typeof en) => t.pages.map((p) => p.panels.map(({ title: _title, ...rest }) => rest));
    expect(geometry(zh)).toEqual(geometry(en));
  });
});
