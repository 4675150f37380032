/**
 * A bounded, time-ordered ring of Float64Array columns: one `ts` column (ms since epoch, strictly
 * ascending, no duplicates) plus one column per metric, added lazily the first time a metric appears
 * (earlier rows read NaN). When full, the oldest row is overwritten.
 *
 * Logical index 0 is the oldest row, `length - 1` the newest. Storage starts small and doubles up to
 * `capacity`, so a device that reports rarely does not hold megabytes it never uses.
 *
 * Complexity (n rows held, c metric columns):
 * - `insert` of a point newer than the newest: O(c) amortised (the common, live case);
 * - `insert` of a late point: O(log n + (n − pos) · c), where pos is where it lands: late points land
 *   near the newest end, so this stays small;
 * - `lowerBound` / `upperBound`: O(log n);
 * - `copyTs` / `copyColumn`: two memcpy of the range;
 * - `merge` of h history points: O((n + h) · c), plus O(h log h) only when the history is unsorted.
 */
export class RingBuffer {
  /** Most rows held; the oldest is overwritten beyond it. */
  private cap: number;
  /** Most metric columns; further metrics are refused (ensureColumn returns −1). */
  readonly maxColumns: number;
  private alloc: number;
  private ts: Float64Array;
  private cols: Float64Array[] = [];
  private names: string[] = [];
  private byName = new Map<string, number>();
  /** Physical slot of logical row 0. */
  private head = 0;
  private len = 0;

  /**
   * @param capacity most rows held (integer ≥ 1).
   * @param opts.maxColumns most metric columns (default 32).
   * @param opts.initialSlots first allocation in rows (default 256, at most capacity).
   * @throws RangeError on a capacity or maxColumns that is not a positive integer.
   */
  constructor(capacity: number, opts: { maxColumns?: number; initialSlots?: number } = {}) {
    assertPositiveInt('capacity', capacity);
    const maxColumns = opts.maxColumns ?? 32;
    assertPositiveInt('maxColumns', maxColumns);
    this.cap = capacity;
    this.maxColumns = maxColumns;
    this.alloc = Math.min(capacity, Math.max(1, opts.initialSlots ?? 256));
    this.ts = new Float64Array(this.alloc);
  }

  /** Most rows held. */
  get capacity(): number {
    return this.cap;
  }

  /** Rows held. */
  get length(): number {
    return this.len;
  }

  /** Metric names in column order. */
  get metrics(): readonly string[] {
    return this.names;
  }

  /** Timestamp of the oldest row (ms), NaN when empty. */
  get firstTs(): number {
    return this.len === 0 ? NaN : this.ts[this.head];
  }

  /** Timestamp of the newest row (ms), NaN when empty. */
  get lastTs(): number {
    return this.len === 0 ? NaN : this.ts[this.phys(this.len - 1)];
  }

  /** Column index of `metric`, or −1 when it never appeared. */
  columnOf(metric: string): number {
    return this.byName.get(metric) ?? -1;
  }

  /**
   * Column index of `metric`, creating the column (NaN in every row held) when it is new.
   * @returns −1 when the buffer already holds `maxColumns` metrics.
   */
  ensureColumn(metric: string): number {
    const existing = this.byName.get(metric);
    if (existing !== undefined) return existing;
    if (this.cols.length >= this.maxColumns) return -1;
    const col = new Float64Array(this.alloc).fill(NaN);
    this.cols.push(col);
    this.names.push(metric);
    this.byName.set(metric, this.cols.length - 1);
    return this.cols.length - 1;
  }

  /** Timestamp of logical row `i` (0 ≤ i < length; unchecked). */
  tsAt(i: number): number {
    return this.ts[this.phys(i)];
  }

  /** Value of column `col` in logical row `i` (unchecked); NaN where the metric was absent. */
  valueAt(col: number, i: number): number {
    return this.cols[col][this.phys(i)];
  }

  /** Sets column `col` in logical row `i` (unchecked). */
  set(col: number, i: number, value: number): void {
    this.cols[col][this.phys(i)] = value;
  }

  /** First logical row with ts ≥ tsMs (length when none). O(log n). */
  lowerBound(tsMs: number): number {
    let lo = 0;
    let hi = this.len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ts[this.phys(mid)] < tsMs) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First logical row with ts > tsMs (length when none). O(log n). */
  upperBound(tsMs: number): number {
    let lo = 0;
    let hi = this.len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ts[this.phys(mid)] <= tsMs) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Inserts a row at its place in time, every metric NaN until `set`.
   * A duplicate ts is ignored. When the buffer is full, the oldest row makes room; a point older than
   * every row of a full buffer is dropped (it would be evicted at once).
   * @returns the logical index of the new row, or −1 when ignored or dropped.
   * @throws RangeError when tsMs is not finite.
   */
  insert(tsMs: number): number {
    if (!Number.isFinite(tsMs)) throw new RangeError(`ts must be finite: ${tsMs}`);
    if (this.len === 0 || tsMs > this.ts[this.phys(this.len - 1)]) return this.append(tsMs);
    let pos = this.lowerBound(tsMs);
    if (pos < this.len && this.ts[this.phys(pos)] === tsMs) return -1;
    if (this.len === this.cap) {
      if (pos === 0) return -1;
      // Evict the oldest first, then shift only the (short) newer suffix.
      this.head = this.phys(1);
      this.len--;
      pos--;
    } else if (this.len === this.alloc) {
      this.grow();
    }
    for (let i = this.len; i > pos; i--) {
      const to = this.phys(i);
      const from = this.phys(i - 1);
      this.ts[to] = this.ts[from];
      for (let c = 0; c < this.cols.length; c++) this.cols[c][to] = this.cols[c][from];
    }
    this.len++;
    this.writeRow(this.phys(pos), tsMs);
    return pos;
  }

  /** Copies ts of logical rows [lo, hi) into `dest` at `offset`. Two memcpy at most. */
  copyTs(lo: number, hi: number, dest: Float64Array, offset = 0): void {
    this.copy(this.ts, lo, hi, dest, offset);
  }

  /** Copies column `col` of logical rows [lo, hi) into `dest` at `offset`. Two memcpy at most. */
  copyColumn(col: number, lo: number, hi: number, dest: Float64Array, offset = 0): void {
    this.copy(this.cols[col], lo, hi, dest, offset);
  }

  /**
   * Merges points (e.g. history over REST) into the buffer. A point whose ts is already held, or repeats
   * an earlier point of the input, is skipped: held rows win. Metrics beyond `maxColumns` are skipped;
   * null or non-numbers read NaN. When the result exceeds capacity, the oldest rows go.
   * @param ts timestamps in ms (ascending is fastest; any order is accepted).
   * @param values one array per metric, aligned with `ts`.
   * @throws RangeError when a ts is not finite or a column's length differs from ts (nothing changes).
   */
  merge(ts: ArrayLike<number>, values: Record<string, ArrayLike<number | null>>): void {
    const h = ts.length;
    let sorted = true;
    for (let i = 0; i < h; i++) {
      if (!Number.isFinite(ts[i])) throw new RangeError(`ts[${i}] must be finite: ${ts[i]}`);
      if (i > 0 && ts[i] < ts[i - 1]) sorted = false;
    }
    const metricNames = Object.keys(values);
    for (const m of metricNames) {
      if (values[m].length !== h) throw new RangeError(`values.${m} has ${values[m].length} points, ts has ${h}`);
    }
    if (h === 0) return;
    const order = sorted ? null : sortedOrder(ts);
    const inTs = (k: number) => ts[order === null ? k : order[k]];

    // Pass 1: count the merged rows so the oldest beyond capacity can be skipped while writing.
    let total = 0;
    walkMerge(this, h, inTs, () => total++);
    const drop = Math.max(0, total - this.cap);
    const kept = total - drop;
    const alloc = Math.min(this.cap, Math.max(this.alloc, nextPow2(kept)));

    const incomingCols = metricNames.map((m) => ({ col: this.ensureColumn(m), src: values[m] }));
    const newTs = new Float64Array(alloc);
    const newCols = this.cols.map(() => new Float64Array(alloc).fill(NaN));
    let out = -drop;
    walkMerge(this, h, inTs, (fromHeld, idx) => {
      if (out >= 0) {
        if (fromHeld) {
          const p = this.phys(idx);
          newTs[out] = this.ts[p];
          for (let c = 0; c < newCols.length; c++) newCols[c][out] = this.cols[c][p];
        } else {
          const k = order === null ? idx : order[idx];
          newTs[out] = ts[k];
          for (const { col, src } of incomingCols) {
            if (col < 0) continue;
            const v = src[k];
            newCols[col][out] = typeof v === 'number' ? v : NaN;
          }
        }
      }
      out++;
    });
    this.ts = newTs;
    this.cols = newCols;
    this.alloc = alloc;
    this.head = 0;
    this.len = kept;
  }

  /**
   * Changes the capacity, keeping the newest min(length, capacity) rows. O(n · c).
   * @throws RangeError when capacity is not a positive integer.
   */
  resize(capacity: number): void {
    assertPositiveInt('capacity', capacity);
    const kept = Math.min(this.len, capacity);
    const alloc = Math.min(capacity, Math.max(nextPow2(kept), Math.min(this.alloc, capacity)));
    this.relayout(alloc, this.len - kept);
    this.cap = capacity;
  }

  /** Drops every row and column. */
  clear(): void {
    this.cols = [];
    this.names = [];
    this.byName.clear();
    this.head = 0;
    this.len = 0;
  }

  private phys(i: number): number {
    const p = this.head + i;
    return p >= this.alloc ? p - this.alloc : p;
  }

  private append(tsMs: number): number {
    let slot: number;
    if (this.len === this.cap) {
      slot = this.head;
      this.head = this.phys(1);
    } else {
      if (this.len === this.alloc) this.grow();
      slot = this.phys(this.len);
      this.len++;
    }
    this.writeRow(slot, tsMs);
    return this.len - 1;
  }

  private writeRow(slot: number, tsMs: number): void {
    this.ts[slot] = tsMs;
    for (let c = 0; c < this.cols.length; c++) this.cols[c][slot] = NaN;
  }

  private grow(): void {
    this.relayout(Math.min(this.cap, this.alloc * 2), 0);
  }

  /** Re-lays rows [skip, len) out from slot 0 into arrays of `alloc` slots. */
  private relayout(alloc: number, skip: number): void {
    const n = this.len - skip;
    const ts = new Float64Array(alloc);
    this.copy(this.ts, skip, this.len, ts, 0);
    this.cols = this.cols.map((col) => {
      const next = new Float64Array(alloc).fill(NaN);
      this.copy(col, skip, this.len, next, 0);
      return next;
    });
    this.ts = ts;
    this.alloc = alloc;
    this.head = 0;
    this.len = n;
  }

  private copy(src: Float64Array, lo: number, hi: number, dest: Float64Array, offset: number): void {
    if (hi <= lo) return;
    const a = this.phys(lo);
    const firstRun = Math.min(hi - lo, this.alloc - a);
    dest.set(src.subarray(a, a + firstRun), offset);
    if (firstRun < hi - lo) dest.set(src.subarray(0, hi - lo - firstRun), offset + firstRun);
  }
}

/**
 * Walks the merge of held rows and `h` incoming points (read in ascending order through `inTs`),
 * calling `emit(fromHeld, index)` once per merged row: held rows win over equal incoming ts, and an
 * incoming ts equal to the previous incoming one is skipped.
 */
function walkMerge(
  rb: RingBuffer,
  h: number,
  inTs: (k: number) => number,
  emit: (fromHeld: boolean, index: number) => void,
): void {
  const n = rb.length;
  let i = 0;
  let k = 0;
  let prevIn = NaN;
  while (i < n || k < h) {
    if (k < h && inTs(k) === prevIn) {
      k++;
      continue;
    }
    if (k >= h || (i < n && rb.tsAt(i) <= inTs(k))) {
      if (k < h && rb.tsAt(i) === inTs(k)) {
        prevIn = inTs(k);
        k++;
      }
      emit(true, i++);
    } else {
      prevIn = inTs(k);
      emit(false, k++);
    }
  }
}

function sortedOrder(ts: ArrayLike<number>): Uint32Array {
  const order = new Uint32Array(ts.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => ts[a] - ts[b] || a - b);
  return order;
}

function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

function assertPositiveInt(name: string, v: number): void {
  if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a positive integer: ${v}`);
}
