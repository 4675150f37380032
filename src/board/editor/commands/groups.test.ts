import { describe, expect, it } from 'vitest';
import { lazy } from 'react';
import { z } from 'zod';
import type { Board } from '../../../../protocol';
import { noMigration, type PanelDefinition } from '../../../components';
import { applyPatch, expandGroups, type CommandResult } from '../../../stores/editorModel';
import { makeBoard } from '../../../test/builders';
import {
  alignPanels,
  deletePanels,
  duplicate,
  groupPanels,
  isOneGroup,
  lockedAmong,
  movePanels,
  resizePanel,
  setConfigValue,
  setHidden,
  setLocked,
  setPanelConfig,
  setPanelStyle,
  ungroupPanels,
  updatePanelProps,
} from '.';

const board = (): Board =>
  makeBoard([
    { panelId: 'a', type: 'gasTrend', x: 0, y: 0, w: 100, h: 100, z: 1, config: { sn: 'GAS-1' } },
    { panelId: 'b', type: 'alarmFeed', x: 200, y: 50, w: 100, h: 50, z: 2, config: {} },
    { panelId: 'c', type: 'alarmFeed', x: 400, y: 300, w: 100, h: 50, z: 3, config: {} },
  ]);

let n = 0;
const ids = () => `tmp-${++n}`;
const page = (b: Board) => b.pages[0];
const panel = (b: Board, id: string) => page(b).panels.find((p) => p.panelId === id)!;

/** Applies, checks undo restores the original exactly and redo gives the same result again. */
function roundTrip(b: Board, r: CommandResult | null): Board {
  expect(r).not.toBeNull();
  const after = applyPatch(b, r!.patch);
  const undone = applyPatch(after, r!.inverse);
  expect(undone).toEqual(b);
  expect(applyPatch(undone, r!.patch)).toEqual(after);
  return after;
}

// src/board may not import src/panels: a type with gasTrend's config shape stands in.
const trendDef: PanelDefinition<unknown> = {
  type: 'gasTrend',
  title: { id: 'Gas trend' },
  defaultSize: { w: 400, h: 300 },
  configSchema: z.object({ sn: z.string().min(1), windowMin: z.number().int().min(1).max(1440).default(30) }),
  configVersion: 1,
  migrate: noMigration,
  component: lazy(async () => ({ default: () => null })),
};

describe('lock and hide', () => {
  it('locks and unlocks as undoable steps; an unlocked panel carries no flag', () => {
    const b = board();
    const locked = roundTrip(b, setLocked(b, 'pg1', ['a', 'b'], true));
    expect([panel(locked, 'a').locked, panel(locked, 'b').locked, panel(locked, 'c').locked]).toEqual([true, true, undefined]);
    expect(setLocked(locked, 'pg1', ['a'], true)).toBeNull();
    const unlocked = roundTrip(locked, setLocked(locked, 'pg1', ['a'], false));
    expect(panel(unlocked, 'a')).not.toHaveProperty('locked');
    const hidden = roundTrip(b, setHidden(b, 'pg1', ['c'], true));
    expect(panel(hidden, 'c').hidden).toBe(true);
  });

  it('a locked panel is not moved, nudged, aligned, resized or deleted, but the others are', () => {
    const b = applyPatch(board(), setLocked(board(), 'pg1', ['b'], true)!.patch);
    const moved = roundTrip(b, movePanels(b, 'pg1', ['a', 'b'], 10, 0));
    expect([panel(moved, 'a').x, panel(moved, 'b').x]).toEqual([10, 200]);
    expect(movePanels(b, 'pg1', ['b'], 10, 0)).toBeNull();
    expect(resizePanel(b, 'pg1', 'b', { x: 200, y: 50, w: 300, h: 50 })).toBeNull();
    expect(updatePanelProps(b, 'pg1', 'b', { x: 5 })).toBeNull();
    expect(panel(roundTrip(b, updatePanelProps(b, 'pg1', 'b', { title: 'Still editable' })), 'b').title).toBe('Still editable');
    const aligned = roundTrip(b, alignPanels(b, 'pg1', ['a', 'b', 'c'], 'top'));
    expect([panel(aligned, 'a').y, panel(aligned, 'b').y, panel(aligned, 'c').y]).toEqual([0, 50, 0]);
    const deleted = roundTrip(b, deletePanels(b, 'pg1', ['a', 'b']));
    expect(page(deleted).panels.map((p) => p.panelId)).toEqual(['b', 'c']);
    expect(deletePanels(b, 'pg1', ['b'])).toBeNull();
    expect(lockedAmong(b, 'pg1', ['a', 'b'])).toBe(1);
  });
});

describe('group and ungroup', () => {
  it('gives the panels one new groupId and selects them; undo and redo', () => {
    const b = board();
    const r = groupPanels(b, 'pg1', ['a', 'b'], () => 'g1');
    const grouped = roundTrip(b, r);
    expect(r!.select).toEqual(['a', 'b']);
    expect([panel(grouped, 'a').groupId, panel(grouped, 'b').groupId, panel(grouped, 'c').groupId]).toEqual(['g1', 'g1', undefined]);
    expect(isOneGroup(grouped, 'pg1', ['a', 'b'])).toBe(true);
    expect(isOneGroup(grouped, 'pg1', ['a'])).toBe(false);
    // Selecting any member selects the whole group.
    expect(expandGroups(page(grouped), ['b'])).toEqual(['b', 'a']);
    expect(groupPanels(grouped, 'pg1', ['a'], ids)).toBeNull(); // already exactly one group
    expect(groupPanels(b, 'pg1', ['a'], ids)).toBeNull(); // one panel is no group
  });

  it('grouping a member with another panel merges the whole old group into the new one', () => {
    const b = applyPatch(board(), groupPanels(board(), 'pg1', ['a', 'b'], () => 'g1')!.patch);
    const merged = roundTrip(b, groupPanels(b, 'pg1', ['b', 'c'], () => 'g2'));
    expect(page(merged).panels.map((p) => p.groupId)).toEqual(['g2', 'g2', 'g2']);
  });

  it('moves a group together, ungroups (groupId removed) with undo', () => {
    const b = applyPatch(board(), groupPanels(board(), 'pg1', ['a', 'b'], () => 'g1')!.patch);
    const moved = roundTrip(b, movePanels(b, 'pg1', expandGroups(page(b), ['a']), 5, 5));
    expect([panel(moved, 'a').x, panel(moved, 'b').x, panel(moved, 'c').x]).toEqual([5, 205, 400]);
    const ungrouped = roundTrip(b, ungroupPanels(b, 'pg1', ['a']));
    expect(page(ungrouped).panels.some((p) => 'groupId' in p)).toBe(false);
    expect(ungroupPanels(ungrouped, 'pg1', ['a'])).toBeNull();
  });

  it('a duplicated group is a new group of its own', () => {
    const b = applyPatch(board(), groupPanels(board(), 'pg1', ['a', 'b'], () => 'g1')!.patch);
    const dup = roundTrip(b, duplicate(b, 'pg1', ['a', 'b'], ids));
    const copies = page(dup).panels.slice(3);
    expect(copies).toHaveLength(2);
    expect(copies[0].groupId).toBe(copies[1].groupId);
    expect(copies[0].groupId).not.toBe('g1');
  });
});

describe('style and config', () => {
  it('sets a valid style, resets it with null, and refuses a bad one with the reason', () => {
    const b = board();
    const r = setPanelStyle(b, 'pg1', ['a'], { background: '#102030', opacity: 0.8, borderWidthPx: undefined });
    expect(r.ok).toBe(true);
    const styled = roundTrip(b, r.ok ? r.result : null);
    expect(panel(styled, 'a').style).toEqual({ background: '#102030', opacity: 0.8 });
    const reset = setPanelStyle(styled, 'pg1', ['a'], null);
    expect(panel(roundTrip(styled, reset.ok ? reset.result : null), 'a')).not.toHaveProperty('style');
    expect(setPanelStyle(b, 'pg1', ['a'], { background: 'red' })).toMatchObject({ ok: false, error: expect.stringMatching(/^background: /) });
    expect(setPanelStyle(b, 'pg1', ['a'], { opacity: 0 })).toMatchObject({ ok: false, error: expect.stringMatching(/^opacity: /) });
  });

  it('binds a device and sets a setting only when the type’s schema accepts the config', () => {
    const b = board();
    const bound = setConfigValue(b, 'pg1', 'a', 'sn', 'GAS-2', trendDef);
    expect(panel(roundTrip(b, bound.ok ? bound.result : null), 'a').config).toEqual({ sn: 'GAS-2' });
    expect(setConfigValue(b, 'pg1', 'a', 'sn', undefined, trendDef)).toMatchObject({ ok: false, error: expect.stringMatching(/^sn: /) });
    expect(setConfigValue(b, 'pg1', 'a', 'windowMin', 0, trendDef)).toMatchObject({ ok: false, error: expect.stringMatching(/^windowMin: /) });
    expect(setPanelConfig(b, 'pg1', 'a', { sn: 'GAS-1' }, trendDef)).toEqual({ ok: true, result: null });
    expect(setPanelConfig(b, 'pg1', 'a', { sn: 'GAS-1' }, undefined)).toMatchObject({ ok: false, error: expect.stringMatching(/Unknown panel type/) });
  });
});

describe('flags stored as false by the server', () => {
  it('unlocking a panel the server stored with locked: false is no step', () => {
    const b = board();
    b.pages[0].panels[0] = { ...b.pages[0].panels[0], locked: false, hidden: false };
    expect(setLocked(b, 'pg1', ['a'], false)).toBeNull();
    expect(setHidden(b, 'pg1', ['a'], false)).toBeNull();
    expect(panel(roundTrip(b, setLocked(b, 'pg1', ['a'], true)), 'a').locked).toBe(true);
  });
});
