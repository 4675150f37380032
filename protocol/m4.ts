/**
 * M4 downsampling (Jugel et al., "M4: A Visualization-Oriented Time Series Data Aggregation", VLDB 2014):
 * for each pixel column, the first, last, minimum and maximum points of a series are enough to draw its
 * line pixel-exactly. Here several series share one time axis, so the selection is the UNION over series
 * of their four extreme indices per column; every series then keeps its own extremes and all share x.
 */

/**
 * The pixel column of time `tsMs` in a window [fromMs, toMs] drawn `widthPx` columns wide: the window is
 * cut into `widthPx` equal spans, `toMs` itself falls in the last one. A zero-length window maps to 0.
 * Callers keep tsMs within the window.
 */
export function pixelColumn(tsMs: number, fromMs: number, toMs: number, widthPx: number): number {
  const span = toMs - fromMs;
  if (span <= 0) return 0;
  const c = Math.floor(((tsMs - fromMs) / span) * widthPx);
  return c >= widthPx ? widthPx - 1 : c;
}

/** First index of ascending `ts` with ts ≥ v (ts.length when none). */
export function lowerBound(ts: Float64Array, v: number): number {
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index of ascending `ts` with ts > v (ts.length when none). */
export function upperBound(ts: Float64Array, v: number): number {
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid] <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Selects the points to draw for series `ys` over time axis `ts` in [fromMs, toMs] at `widthPx` columns.
 *
 * For each pixel column and each series, the indices of its first, last, minimum and maximum non-NaN
 * values are kept (ties: the earliest). NaN values are ignored; a column where a series is all NaN adds
 * nothing for it. Points outside [fromMs, toMs] are never selected.
 *
 * Complexity: O(log n + k · m) time for k points in the window and m series, O(k) bytes of scratch;
 * no per-point allocation. The output is at most min(k, 4 · m · widthPx) indices.
 *
 * @param ts ascending timestamps (ms).
 * @param ys series aligned with ts (each at least ts.length long).
 * @returns selected indices into ts, ascending and unique (empty when toMs < fromMs or nothing is there).
 * @throws RangeError when widthPx is not a positive integer or a series is shorter than ts.
 */
export function m4(
  ts: Float64Array,
  ys: readonly Float64Array[],
  fromMs: number,
  toMs: number,
  widthPx: number,
): Uint32Array {
  if (!Number.isInteger(widthPx) || widthPx < 1) throw new RangeError(`widthPx must be a positive integer: ${widthPx}`);
  for (let j = 0; j < ys.length; j++) {
    if (ys[j].length < ts.length) throw new RangeError(`series ${j} has ${ys[j].length} points, ts has ${ts.length}`);
  }
  if (!(fromMs <= toMs) || ys.length === 0) return new Uint32Array(0);
  const lo = lowerBound(ts, fromMs);
  const hi = upperBound(ts, toMs);
  if (lo >= hi) return new Uint32Array(0);

  const m = ys.length;
  const first = new Int32Array(m);
  const last = new Int32Array(m);
  const argMin = new Int32Array(m);
  const argMax = new Int32Array(m);
  const vMin = new Float64Array(m);
  const vMax = new Float64Array(m);
  // Marking selected points, then reading the marks in order, yields a sorted, unique output without
  // sorting the (up to 4m) candidates of each column.
  const marks = new Uint8Array(hi - lo);
  let selected = 0;
  const flush = () => {
    for (let j = 0; j < m; j++) {
      if (first[j] < 0) continue;
      selected += mark(marks, first[j] - lo) + mark(marks, last[j] - lo);
      selected += mark(marks, argMin[j] - lo) + mark(marks, argMax[j] - lo);
    }
  };

  let col = -1;
  for (let i = lo; i < hi; i++) {
    const c = pixelColumn(ts[i], fromMs, toMs, widthPx);
    if (c !== col) {
      if (col >= 0) flush();
      col = c;
      first.fill(-1);
    }
    for (let j = 0; j < m; j++) {
      const v = ys[j][i];
      if (v !== v) continue;
      if (first[j] < 0) {
        first[j] = last[j] = argMin[j] = argMax[j] = i;
        vMin[j] = vMax[j] = v;
      } else {
        last[j] = i;
        if (v < vMin[j]) {
          vMin[j] = v;
          argMin[j] = i;
        } else if (v > vMax[j]) {
          vMax[j] = v;
          argMax[j] = i;
        }
      }
    }
  }
  flush();

  const out = new Uint32Array(selected);
  let n = 0;
  for (let k = 0; k < marks.length; k++) if (marks[k] === 1) out[n++] = k + lo;
  return out;
}

function mark(marks: Uint8Array, k: number): number {
  if (marks[k] === 1) return 0;
  marks[k] = 1;
  return 1;
}
