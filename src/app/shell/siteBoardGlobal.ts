import dayjs from 'dayjs';
import { reaction } from 'mobx';
import * as React from 'react';
import { useEffect, useRef, useSyncExternalStore, type ComponentType } from 'react';
import { Select } from '@fluentui/react-components';
import type { SessionUser } from '../../../protocol';
import type { RequestFn } from '../../api/request';
import { formatDisplayNumber } from '../../format/number';
import { BEIJING_TZ, formatBeijing, formatLastSeen } from '../../format/time';
import type { RootStore } from '../../stores';
import { registerPanel } from '../../panels/registry';
import {
  useAlarmFeed,
  useAlarmsInRange,
  useBoardClock,
  useDevices,
  useFrame,
  useLatest,
  usePersonnel,
  useSeries,
  useTelemetryTopic,
  useTunnels,
} from '../../panelData';

/**
 * The panel-data hooks for custom panels: the same ones the built-in panels use, reading the board's
 * source (live, or a replay at its instant). Call them inside a panel component, like any React hook.
 */
export const PANEL_DATA_HOOKS = Object.freeze({
  useAlarmFeed,
  useAlarmsInRange,
  useBoardClock,
  useDevices,
  useFrame,
  useLatest,
  usePersonnel,
  useSeries,
  useTelemetryTopic,
  useTunnels,
});

/** Most handlers one event name keeps: a custom module that subscribes in a loop cannot grow it forever. */
export const MAX_HANDLERS_PER_EVENT = 100;

/** A small event map shared by custom modules ("an events map", docs/product.md "Shell and session"). */
export interface SiteBoardEvents {
  /** Adds a handler; returns the function that removes it. @throws RangeError past {@link MAX_HANDLERS_PER_EVENT}. */
  on(name: string, handler: (payload: unknown) => void): () => void;
  off(name: string, handler: (payload: unknown) => void): void;
  /** Calls every handler of `name`; a handler that throws is logged and the others still run. */
  emit(name: string, payload?: unknown): void;
}

/**
 * `window.SiteBoard`, the global object for custom modules (docs/product.md "Shell and session"; docs/custom-modules.md). Read-only
 * properties are live getters: they always return the current value.
 */
export interface SiteBoardGlobal {
  readonly version: 1;
  /** The app's React (19): custom modules without a build step render with `React.createElement`. */
  readonly React: typeof React;
  /** Current primary colour `#rrggbb` (theme settings). */
  readonly primaryColor: string;
  /** Project shown in this tab and the hash query's parameters. */
  readonly project: { projectId: string | null; params: Record<string, string> };
  readonly events: SiteBoardEvents;
  /** The signed-in user, or null. */
  readonly currentUser: SessionUser | null;
  /** The app's request wrapper (JSON POST, envelope, showType handling). */
  readonly request: RequestFn;
  /** Date library (locale follows the UI language, ISO weeks) and the Beijing time zone id. */
  readonly dayjs: typeof dayjs;
  readonly timeZone: string;
  /** Fluent's Select component, styled like the app. */
  readonly Select: ComponentType<Record<string, unknown>>;
  /** React hook: `{ connected, reconnects }` of the live socket (connected null before the first answer). */
  readonly useLiveConnection: () => { connected: boolean | null; reconnects: number };
  /**
   * React hooks of the panel-data seam (src/panelData): devices with latest values, series windows,
   * personnel positions, the alarm feed and the board clock, as of the board's instant (live or replay),
   * and `useFrame` to draw from the page's one frame scheduler. See docs/custom-modules.md.
   */
  readonly data: typeof PANEL_DATA_HOOKS;
  /** Helpers: number display (docs/product.md "Validation and display"), Beijing time formats, panel registration. */
  readonly utils: {
    formatDisplayNumber: typeof formatDisplayNumber;
    formatBeijing: typeof formatBeijing;
    formatLastSeen: typeof formatLastSeen;
    registerPanel: typeof registerPanel;
  };
}

/** Creates an events map (see {@link SiteBoardEvents}). */
export function createEvents(): SiteBoardEvents {
  const map = new Map<string, Set<(payload: unknown) => void>>();
  const off = (name: string, handler: (payload: unknown) => void) => {
    const set = map.get(name);
    set?.delete(handler);
    if (set && set.size === 0) map.delete(name);
  };
  return {
    on(name, handler) {
      const set = map.get(name) ?? new Set();
      if (set.size >= MAX_HANDLERS_PER_EVENT) throw new RangeError(`too many handlers for event "${name}"`);
      set.add(handler);
      map.set(name, set);
      return () => off(name, handler);
    },
    off,
    emit(name, payload) {
      for (const h of [...(map.get(name) ?? [])]) {
        try {
          h(payload);
        } catch (e) {
          console.error(`SiteBoard event handler for "${name}" failed`, e);
        }
      }
    },
  };
}

/** What the global reads from the app. */
export interface SiteBoardSources {
  root: RootStore;
  primaryColor: () => string;
  projectId: () => string | null;
  params: () => Record<string, string>;
}

/**
 * Builds the global object over `sources` and sets it as `target.SiteBoard` (not writable, so a module
 * cannot replace it for the others). @returns the function that removes it again.
 */
export function installSiteBoard(target: object, sources: SiteBoardSources): () => void {
  const { root } = sources;
  const live = root.live;
  const snapshotOf = () => ({ connected: live.connected, reconnects: live.reconnects });
  let snapshot = snapshotOf();
  const subscribe = (fn: () => void) =>
    reaction(
      () => [live.connected, live.reconnects],
      () => {
        snapshot = snapshotOf();
        fn();
      },
    );
  const getSnapshot = () => snapshot;
  const useLiveConnection = () => useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  const api: SiteBoardGlobal = Object.freeze({
    version: 1 as const,
    React,
    get primaryColor() {
      return sources.primaryColor();
    },
    get project() {
      return { projectId: sources.projectId(), params: sources.params() };
    },
    events: createEvents(),
    get currentUser() {
      return root.session.user;
    },
    request: root.request,
    dayjs,
    timeZone: BEIJING_TZ,
    Select: Select as unknown as ComponentType<Record<string, unknown>>,
    useLiveConnection,
    data: PANEL_DATA_HOOKS,
    utils: Object.freeze({ formatDisplayNumber, formatBeijing, formatLastSeen, registerPanel }),
  });
  Object.defineProperty(target, 'SiteBoard', { value: api, configurable: true, enumerable: false, writable: false });
  return () => {
    delete (target as { SiteBoard?: unknown }).SiteBoard;
  };
}

/** Installs `window.SiteBoard` for the app's lifetime; the getters always read the latest `sources`. */
export function useSiteBoardGlobal(sources: SiteBoardSources): void {
  const latest = useRef(sources);
  latest.current = sources;
  const { root } = sources;
  useEffect(
    () =>
      installSiteBoard(window, {
        root,
        primaryColor: () => latest.current.primaryColor(),
        projectId: () => latest.current.projectId(),
        params: () => latest.current.params(),
      }),
    [root],
  );
}
