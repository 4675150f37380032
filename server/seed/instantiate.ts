import type { Board, BoardTemplate, Page, Panel } from '../../protocol';

/** A device a template panel may be bound to. */
export interface BindableDevice {
  sn: string;
  kind: string;
}

/** Makes fresh ids for pages and panels (boards too, for {@link instantiateTemplate}'s caller). */
export type TemplateIdMaker = (prefix: 'page' | 'panel') => string;

/**
 * A new page from a template page: fresh page and panel ids, configs deep-copied, and each `bind` resolved
 * to `config.sn` = the project's nth device of that kind in sn order (left unset when the project has too
 * few, so the panel asks the user to choose one).
 */
export function instantiateTemplatePage(
  page: BoardTemplate['pages'][number],
  devices: readonly BindableDevice[],
  newId: TemplateIdMaker,
  opts: { name?: string; order?: number } = {},
): Page {
  const snsByKind = new Map<string, string[]>();
  for (const d of devices) {
    const list = snsByKind.get(d.kind) ?? [];
    list.push(d.sn);
    snsByKind.set(d.kind, list);
  }
  for (const list of snsByKind.values()) list.sort();

  const panels = page.panels.map(({ bind, config, ...rest }): Panel => {
    const copy = structuredClone(config);
    const sn = bind ? snsByKind.get(bind.kind)?.[bind.nth] : undefined;
    if (sn !== undefined) copy.sn = sn;
    return { ...rest, panelId: newId('panel'), config: copy };
  });
  return { pageId: newId('page'), name: opts.name ?? page.name, order: opts.order ?? 0, panels };
}

/**
 * A new board (version 1) from a template: its layout and every page, instantiated as by
 * {@link instantiateTemplatePage}, in template order.
 */
export function instantiateTemplate(
  template: BoardTemplate,
  target: { boardId: string; projectId: string; name?: string },
  devices: readonly BindableDevice[],
  newId: TemplateIdMaker,
): Board {
  return {
    boardId: target.boardId,
    projectId: target.projectId,
    name: target.name ?? template.name,
    version: 1,
    layout: { ...template.layout },
    pages: template.pages.map((p, order) => instantiateTemplatePage(p, devices, newId, { order })),
  };
}
