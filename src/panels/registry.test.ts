import { describe, expect, it } from 'vitest';
import { BUILTIN_PANEL_TYPES } from '../../protocol';
import { isBuiltInPanel, panelRegistry } from './registry';

describe('the built-in panel registry', () => {
  it('registers exactly the panel types the protocol names as built in (templates and custom types are checked against that list)', () => {
    const registered = panelRegistry.list().map((d) => d.type);
    expect([...registered].sort()).toEqual([...BUILTIN_PANEL_TYPES].sort());
    for (const type of BUILTIN_PANEL_TYPES) expect(isBuiltInPanel(type), type).toBe(true);
  });
});
