import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Theme } from '@fluentui/react-components';
import {
  compileTheme,
  DEFAULT_THEME_SETTINGS,
  parseStoredTheme,
  THEME_COMPILE_DELAY_MS,
  THEME_STORAGE_KEY,
  type ThemeSettings,
} from '../../theme/settings';

/** Where a theme change stands: compiling during the delay of docs/product.md "Constants", failed when the colour was unusable. */
export type ThemeStatus = 'idle' | 'compiling' | 'failed';

/** The project's own theme (systemStyle/details): its settings and the version an edit must name. */
export interface ProjectTheme {
  projectId: string;
  settings: ThemeSettings;
  version: number;
}

/**
 * The app's theme: the settings in force, their compiled Fluent theme, and how to change them. The project's
 * theme (kept on the server) applies unless this browser made its own choice, which stays on top until
 * {@link ThemeControl.followProject} drops it.
 */
export interface ThemeControl {
  settings: ThemeSettings;
  theme: Theme;
  status: ThemeStatus;
  /** The project's theme once loaded, else null (the defaults apply under no browser choice). */
  project: ProjectTheme | null;
  /** Whether the settings in force are this browser's own choice rather than the project's. */
  browserChoice: boolean;
  /** Takes the project's theme as loaded or saved (the same version again changes nothing); applies it at once unless the browser has its own choice. */
  setProject(project: ProjectTheme | null): void;
  /** Drops this browser's choice: the project's theme (or the defaults) applies at once. */
  followProject(): void;
  /**
   * Changes settings. A new colour or mode compiles after {@link THEME_COMPILE_DELAY_MS} (status
   * `compiling` meanwhile); on failure the current theme stays and status is `failed`. A title alone applies
   * at once. What applied is stored in localStorage.
   */
  apply(next: Partial<ThemeSettings>): void;
}

const ThemeContext = createContext<ThemeControl | null>(null);

/** The theme control of the app. @throws Error outside {@link useThemeControlState}'s provider. */
export function useThemeControl(): ThemeControl {
  const c = useContext(ThemeContext);
  if (!c) throw new Error('useThemeControl needs the app providers');
  return c;
}

/** Provides {@link ThemeControl} to the tree. */
export function ThemeControlProvider({ value, children }: { value: ThemeControl; children: ReactNode }) {
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(settings: ThemeSettings): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // storage disabled: the theme lasts until the page is closed
  }
}

function safeCompile(settings: ThemeSettings): { settings: ThemeSettings; theme: Theme } {
  try {
    return { settings, theme: compileTheme(settings) };
  } catch {
    return { settings: DEFAULT_THEME_SETTINGS, theme: compileTheme(DEFAULT_THEME_SETTINGS) };
  }
}

function forget(): void {
  try {
    localStorage.removeItem(THEME_STORAGE_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}

/** The state behind {@link ThemeControl}: the browser's choice read from storage once, one pending compile at a time. */
export function useThemeControlState(): ThemeControl {
  const stored = useRef(readStored());
  const [browserChoice, setBrowserChoice] = useState(() => stored.current !== null);
  const [state, setState] = useState(() => safeCompile(parseStoredTheme(stored.current)));
  const [project, setProjectState] = useState<ProjectTheme | null>(null);
  const [status, setStatus] = useState<ThemeStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(state.settings);
  latest.current = state.settings;
  const choice = useRef(browserChoice);
  choice.current = browserChoice;
  const projectRef = useRef(project);
  projectRef.current = project;

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    document.title = state.settings.title;
  }, [state.settings.title]);

  const apply = useCallback((next: Partial<ThemeSettings>) => {
    const merged = { ...latest.current, ...next };
    if (next.title !== undefined) merged.title = next.title.trim() || DEFAULT_THEME_SETTINGS.title;
    const recompile = merged.theme !== latest.current.theme || merged.primaryColor !== latest.current.primaryColor;
    if (!recompile) {
      setState((s) => ({ ...s, settings: { ...s.settings, title: merged.title } }));
      store({ ...latest.current, title: merged.title });
      setBrowserChoice(true);
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    setStatus('compiling');
    timer.current = setTimeout(() => {
      timer.current = null;
      try {
        const theme = compileTheme(merged);
        setState({ settings: merged, theme });
        store(merged);
        setBrowserChoice(true);
        setStatus('idle');
      } catch {
        setStatus('failed');
      }
    }, THEME_COMPILE_DELAY_MS);
  }, []);

  const showProject = useCallback((p: ProjectTheme | null) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setStatus('idle');
    setState(safeCompile(p?.settings ?? DEFAULT_THEME_SETTINGS));
  }, []);

  const setProject = useCallback(
    (p: ProjectTheme | null) => {
      const was = projectRef.current;
      // the same style read again (a reload of the cache) changes nothing: no recompile, no re-render
      if (was === p || (was && p && was.projectId === p.projectId && was.version === p.version)) return;
      projectRef.current = p;
      setProjectState(p);
      // a change the user is making (compiling now) is their choice: the project's theme waits under it
      if (!choice.current && timer.current === null) showProject(p);
    },
    [showProject],
  );

  const followProject = useCallback(() => {
    forget();
    choice.current = false;
    setBrowserChoice(false);
    showProject(projectRef.current);
  }, [showProject]);

  return useMemo(
    () => ({ ...state, status, project, browserChoice, apply, setProject, followProject }),
    [state, status, project, browserChoice, apply, setProject, followProject],
  );
}
