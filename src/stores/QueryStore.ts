import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { canonicalJson, type AnyContract, type ContractBody, type ContractResult } from '../../protocol';
import { BusinessError, type RequestFn, type RequestOptions } from '../api/request';

/** Queries kept at most (answers of screens no longer shown are evicted, least recently used first). */
export const MAX_QUERIES = 64;

/**
 * A screen that shows a query nobody else shows loads it again (the kept answer stays shown meanwhile),
 * unless the answer is younger than this (ms): a tab switched back and forth, a component mounted twice.
 * Changes made elsewhere (another tab, another user) are so seen whenever a screen opens.
 */
export const QUERY_STALE_MS = 2_000;

/** The shortest refresh period a screen may ask for (ms), so a mistake cannot hammer the server. */
export const MIN_REFRESH_MS = 1_000;

/** The key of a query: the contract's path and its body as canonical JSON (key order does not matter). */
export function queryKey(contract: AnyContract, body: unknown): string {
  return `${contract.path} ${canonicalJson(body ?? {})}`;
}

/** How a screen shows a query while it is mounted. */
export interface ShowOptions {
  /** Load again this often (ms, at least {@link MIN_REFRESH_MS}) while shown: lists whose rows move (people, headcounts). */
  refreshMs?: number;
  /** Show a failed load as a notice too (the request client's handling); otherwise only `error` says it. */
  notify?: boolean;
}

/**
 * One route's answer for one body (`contract`, `body`), kept and shared by every component showing it:
 * `data` is the last answer (kept while the next one loads, and after a failure), `error` the server's
 * message of the last failure (null after a success), `loading` whether a load runs. Only the store
 * writes it.
 */
export class Query<C extends AnyContract = AnyContract> {
  data: ContractResult<C> | null = null;
  error: string | null = null;
  loading = false;
  /** When the last answer arrived (the store's clock, ms); 0: never. */
  loadedAtMs = 0;
  /** Set by an invalidation: the next show loads it again. */
  stale = false;
  /** Increments with every load started: an answer of an older load is dropped (the last request wins). */
  round = 0;
  /** Components showing it now, with their options. */
  readonly shownBy = new Set<ShowOptions>();
  timer: ReturnType<typeof setInterval> | null = null;
  timerMs = 0;
  lastUsedMs = 0;

  constructor(
    readonly contract: C,
    readonly body: ContractBody<C>,
    readonly key: string,
  ) {
    makeObservable(this, { data: observableRef, error: observable, loading: observable });
  }
}

/** What the store needs: the request client, and optionally its clock and bound (tests). */
export interface QueryStoreOptions {
  maxQueries?: number;
  staleMs?: number;
  now?: () => number;
}

/**
 * The server state of the screens (people, zones, alarm center, administration, equipment detail,
 * thresholds), one kept query per (contract, body) instead of a load per component: components show a
 * query (`show`, through `useQuery`) and change server state through `mutate`, which reloads every kept
 * query of the contract's domain (its `tag`) and of the contracts it names, so a save in one screen
 * refreshes every screen listing what it changed. Bounded: at most `maxQueries` queries; when more are
 * made, the least recently used ones nobody shows are dropped.
 */
export class QueryStore {
  private readonly queries = new Map<string, Query>();
  private readonly maxQueries: number;
  private readonly staleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly request: RequestFn,
    options: QueryStoreOptions = {},
  ) {
    this.maxQueries = options.maxQueries ?? MAX_QUERIES;
    this.staleMs = options.staleMs ?? QUERY_STALE_MS;
    this.now = options.now ?? Date.now;
    makeObservable<this, 'settle'>(this, { settle: action });
  }

  /** Queries kept now (at most `maxQueries`, more only while more are shown at once). */
  get size(): number {
    return this.queries.size;
  }

  /** The kept query of (`contract`, `body`), made (not loaded) when there is none. */
  query<C extends AnyContract>(contract: C, body: ContractBody<C>): Query<C> {
    const key = queryKey(contract, body);
    let q = this.queries.get(key) as Query<C> | undefined;
    if (!q) {
      q = new Query(contract, body, key);
      q.lastUsedMs = this.now();
      this.queries.set(key, q as unknown as Query);
      this.evict();
    }
    q.lastUsedMs = this.now();
    return q;
  }

  /**
   * Shows `q` until the returned function is called: loads it when it never loaded, was invalidated, or
   * nobody showed it and its answer is older than the stale age ({@link QUERY_STALE_MS}); reloads it
   * every `refreshMs` while anyone asks for that.
   */
  show(q: Query, options: ShowOptions = {}): () => void {
    const entry = { ...options };
    const first = q.shownBy.size === 0;
    q.shownBy.add(entry);
    q.lastUsedMs = this.now();
    if (!this.queries.has(q.key)) {
      this.queries.set(q.key, q); // evicted between render and mount: kept again
      this.evict();
    }
    if (!q.loading && (q.loadedAtMs === 0 || q.stale || (first && this.now() - q.loadedAtMs >= this.staleMs))) void this.load(q);
    this.retime(q);
    return () => {
      q.shownBy.delete(entry);
      q.lastUsedMs = this.now();
      this.retime(q);
      this.evict();
    };
  }

  /** Loads `q` again now (a newer load wins over one still running). Never throws: a failure goes to `error`. */
  async load(q: Query): Promise<void> {
    const round = ++q.round;
    runInAction(() => (q.loading = true));
    const notify = [...q.shownBy].some((o) => o.notify);
    const opts: RequestOptions = notify ? {} : { expected: () => true };
    try {
      const data = await this.request(q.contract, q.body, opts);
      this.settle(q, round, { data });
    } catch (e) {
      this.settle(q, round, { error: e instanceof BusinessError ? e.errorMessage : String(e) });
    }
  }

  /**
   * Performs a change through its contract and then reloads the kept queries it may have changed: those
   * of the same domain (`contract.tag`) and of the contracts in `invalidates`. Resolves with the answer;
   * throws the BusinessError of a refusal (nothing is reloaded then). `opts` as for `request`.
   */
  async mutate<C extends AnyContract>(contract: C, body: ContractBody<C>, opts: RequestOptions & { invalidates?: readonly AnyContract[] } = {}): Promise<ContractResult<C>> {
    const { invalidates = [], ...requestOpts } = opts;
    const result = await this.request(contract, body, requestOpts);
    this.invalidate([contract.tag], invalidates);
    return result;
  }

  /**
   * Marks the kept queries of the given domains (`tags`) and `contracts` stale: shown ones load again at
   * once (their answer stays shown meanwhile), the others when they are shown next.
   */
  invalidate(tags: readonly string[], contracts: readonly AnyContract[] = []): void {
    for (const q of this.queries.values()) {
      if (!tags.includes(q.contract.tag) && !contracts.includes(q.contract)) continue;
      q.stale = true;
      if (q.shownBy.size > 0) void this.load(q);
      else q.round++; // an answer still on its way is of before the change: dropped
    }
  }

  /** Stops every refresh timer and forgets every query (logout). */
  clear(): void {
    for (const q of this.queries.values()) {
      if (q.timer) clearInterval(q.timer);
      q.timer = null;
      q.round++;
    }
    this.queries.clear();
  }

  private settle(q: Query, round: number, result: { data: unknown } | { error: string }): void {
    if (round !== q.round) return; // a newer load (or a change) came after it: its answer wins
    q.loading = false;
    if ('error' in result) {
      q.error = result.error;
      return;
    }
    q.data = result.data as never;
    q.error = null;
    q.stale = false;
    q.loadedAtMs = this.now();
  }

  /** One refresh timer per query at the shortest period its viewers ask for; none when nobody asks. */
  private retime(q: Query): void {
    const periods = [...q.shownBy].map((o) => o.refreshMs).filter((ms): ms is number => ms !== undefined);
    const ms = periods.length > 0 ? Math.max(MIN_REFRESH_MS, Math.min(...periods)) : 0;
    if (ms === q.timerMs) return;
    if (q.timer) clearInterval(q.timer);
    q.timer = ms > 0 ? setInterval(() => void this.load(q), ms) : null;
    q.timerMs = ms;
  }

  /** Drops the least recently used queries nobody shows while more than `maxQueries` are kept. */
  private evict(): void {
    if (this.queries.size <= this.maxQueries) return;
    const idle = [...this.queries.values()].filter((q) => q.shownBy.size === 0).sort((a, b) => a.lastUsedMs - b.lastUsedMs);
    for (const q of idle) {
      if (this.queries.size <= this.maxQueries) break;
      q.round++;
      this.queries.delete(q.key);
    }
  }
}
