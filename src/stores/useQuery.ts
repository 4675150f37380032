import { useEffect, useMemo, useRef } from 'react';
import type { AnyContract, ContractBody, ContractResult } from '../../protocol';
import { useStores } from './context';
import { queryKey, type ShowOptions } from './QueryStore';

/** What a component shows of a query: the answer, the last failure's message, whether a load runs. */
export interface QueryView<T> {
  /** The query's answer; while a new body's first answer loads, the previous body's (so nothing flickers); null without a body. */
  data: T | null;
  error: string | null;
  loading: boolean;
  /** Loads it again now (resolves when the answer is in; never rejects). */
  reload: () => Promise<void>;
}

/** How a component shows a query: the store's options, and whether a new body shows the previous answer meanwhile. */
export interface UseQueryOptions extends ShowOptions {
  /** Default true; false: nothing (null) until the new body's own answer (a different zone's hours). */
  keepPrevious?: boolean;
}

/**
 * Shows the kept query of (`contract`, `body`) of the root store's QueryStore while the calling
 * component is mounted (null `body`: nothing asked yet). Every component showing the same query shares
 * its one load and answer; changes made through `queries.mutate` reload it. Call it in an observer.
 */
export function useQuery<C extends AnyContract>(contract: C, body: ContractBody<C> | null, options: UseQueryOptions = {}): QueryView<ContractResult<C>> {
  const { queries } = useStores();
  const key = body === null ? null : queryKey(contract, body);
  // the body is described by its key: a new object with the same content is the same query
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => (body === null ? null : queries.query(contract, body)), [queries, contract, key]);
  const { refreshMs, notify } = options;
  useEffect(() => (query ? queries.show(query, { refreshMs, notify }) : undefined), [queries, query, refreshMs, notify]);
  const previous = useRef<ContractResult<C> | null>(null);
  const data = query ? (query.data ?? (options.keepPrevious === false ? null : previous.current)) : null;
  previous.current = data;
  return {
    data,
    error: query?.error ?? null,
    loading: query ? query.loading || (query.data === null && query.error === null) : false,
    reload: () => (query ? queries.load(query) : Promise.resolve()),
  };
}
