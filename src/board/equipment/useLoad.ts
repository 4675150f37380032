import { useCallback, useEffect, useState } from 'react';

/** State of one load: the last answer, the error message of the last failure, whether one is running. */
export interface LoadState<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  /** Runs the load again (after a change). */
  reload: () => void;
}

/**
 * Runs `load` on mount and whenever `key` changes (a JSON-able description of what is asked), keeping
 * the previous answer on screen while the next one loads; an answer that arrives after the key changed
 * is dropped. Errors become their message (the request client has already shown them when it shows any).
 */
export function useLoad<T>(key: string, load: () => Promise<T>): LoadState<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => !cancelled && setState({ data, error: null, loading: false }),
      (err: unknown) => !cancelled && setState((s) => ({ data: s.data, error: err instanceof Error ? err.message : String(err), loading: false })),
    );
    return () => {
      cancelled = true;
    };
    // `load` is a new closure each render; what it asks is described by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
