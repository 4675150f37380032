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

/** The app's theme: the settings in force, their compiled Fluent theme, and how to change them. */
export interface ThemeControl {
  settings: ThemeSettings;
  theme: Theme;
  status: ThemeStatus;
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

/** The state behind {@link ThemeControl}: read from storage once, one pending compile at a time. */
export function useThemeControlState(): ThemeControl {
  const [state, setState] = useState(() => safeCompile(parseStoredTheme(readStored())));
  const [status, setStatus] = useState<ThemeStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(state.settings);
  latest.current = state.settings;

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
        setStatus('idle');
      } catch {
        setStatus('failed');
      }
    }, THEME_COMPILE_DELAY_MS);
  }, []);

  return useMemo(() => ({ ...state, status, apply }), [state, status, apply]);
}
