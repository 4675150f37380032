import type { ErrorCode } from '../../protocol';

/** Route label of a request that matched no route (unknown paths are not kept one by one: that is unbounded). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** One counter row: how many requests to `route` were refused with `code` (HTTP `status`). */
export interface RestRejectionCount {
  route: string;
  code: ErrorCode;
  status: number;
  count: number;
}

/**
 * REST rejections (answers 4xx) counted by route and error code, in memory per node since start
 * (docs/operations.md "Metrics"). Routes are the registered route patterns (a fixed set) plus
 * {@link UNMATCHED_ROUTE}, so the table stays bounded.
 */
export class RestRejections {
  private readonly counts = new Map<string, RestRejectionCount>();
  private readonly serverErrors = new Map<string, number>();

  /** Counts one answer 5xx (a fault of ours, not a rejection: the fuzz suite expects none). */
  countServerError(route: string): void {
    this.serverErrors.set(route, (this.serverErrors.get(route) ?? 0) + 1);
  }

  /** Answers 5xx by route. */
  serverErrorSnapshot(): Array<{ route: string; count: number }> {
    return [...this.serverErrors].map(([route, count]) => ({ route, count })).sort((a, b) => a.route.localeCompare(b.route));
  }

  /** Counts one rejection. */
  count(route: string, code: ErrorCode, status: number): void {
    const key = `${route} ${code} ${status}`;
    const row = this.counts.get(key);
    if (row) row.count++;
    else this.counts.set(key, { route, code, status, count: 1 });
  }

  /** Every row, sorted by route then code. */
  snapshot(): RestRejectionCount[] {
    return [...this.counts.values()]
      .map((r) => ({ ...r }))
      .sort((a, b) => a.route.localeCompare(b.route) || a.code.localeCompare(b.code) || a.status - b.status);
  }

  /** Sum over every route and code. */
  total(): number {
    let n = 0;
    for (const r of this.counts.values()) n += r.count;
    return n;
  }
}
