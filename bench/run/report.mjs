// Statistics of bench runs and the markdown report. Pure functions, Node built-ins only.

/** Nearest-rank percentile (p in 0..100) of numbers; NaN for an empty list. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length === 0) return NaN;
  const s = [...v].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** A page that was this far behind the load when its window ended did not keep up (5 gateway ticks). */
export const BEHIND_LIMIT_MS = 1_000;

/**
 * Reduces one run's raw observations to the reported figures, each over its window (bench/pipeline/harness.ts
 * runWindows): main-thread busy, CPU and long tasks over window A (the frame probe off); frames and busy with
 * the probe over window B (the probe on); latency samples from the start of A to the end of B; behind the
 * load, heap and people drawn at the end of B. A run with one window (`probe=on`) has everything in it.
 * Frame intervals include the stall from the last frame to the end of B, and from the start of B to its
 * first frame when the probe had not produced one before B began, so a frozen page still shows its stall.
 */
export function summarise(run) {
  const a = run.probeOff ?? run.probeOn;
  const b = run.probeOn;
  const aS = (a.endMs - a.startMs) / 1000;
  const bS = (b.endMs - b.startMs) / 1000;
  // The probe records frames only from probeStartMs; the last one before B (in the gap) opens B's first interval.
  const before = run.frames.filter((t) => t < b.startMs && t >= run.probeStartMs).at(-1) ?? b.startMs;
  const inWin = run.frames.filter((t) => t >= b.startMs && t <= b.endMs);
  const marks = [before, ...inWin];
  const intervals = [];
  for (let i = 1; i < marks.length; i++) intervals.push(marks[i] - marks[i - 1]);
  const last = marks.at(-1);
  if (b.endMs - last > 0) intervals.push(b.endMs - last);
  const tasks = run.longTasks.filter((t) => t.startMs >= a.startMs && t.startMs <= a.endMs);
  const lat = (panel) => run.latencies.filter((l) => l.panel === panel && l.atMs >= run.windowStartMs && l.atMs <= run.windowEndMs).map((l) => l.latencyMs);
  const chart = lat('chart');
  const personnel = lat('personnel');
  return {
    busyMsPerS: run.cdp.busyMsPerS,
    busyWithProbeMsPerS: run.cdp.busyWithProbeMsPerS ?? NaN,
    fps: inWin.length / bS,
    frameP50Ms: percentile(intervals, 50),
    frameP99Ms: percentile(intervals, 99),
    longTasks: tasks.length,
    longTaskMsPerS: tasks.reduce((s, t) => s + Math.min(t.durationMs, a.endMs - t.startMs), 0) / aS,
    chartLatP50Ms: percentile(chart, 50),
    chartLatP99Ms: percentile(chart, 99),
    chartSamples: chart.length,
    personnelLatP50Ms: percentile(personnel, 50),
    personnelLatP99Ms: percentile(personnel, 99),
    personnelSamples: personnel.length,
    behindMs: run.behindMs,
    pendingAtEnd: run.pendingAtEnd,
    heapMB: run.cdp.heapUsedBytes / 1e6,
    peopleDrawn: run.peopleDrawn ?? NaN,
    cpuMainMsPerS: run.cdp.cpu?.mainMsPerS ?? NaN,
    cpuWorkerMsPerS: run.cdp.cpu?.workerMsPerS ?? NaN,
    cpuAllMsPerS: run.cdp.cpu?.allMsPerS ?? NaN,
    errors: run.errors,
    messagesPerSecond: run.messagesPerSecond,
  };
}

/**
 * Reported rows: key, label, digits, and 'no ratio' where a ratio means nothing. Lower is better but for fps.
 * The headline busy row is window A's (frame probe off); the one with the frame probe is window B's.
 */
export const ROWS = [
  ['busyMsPerS', 'main-thread busy (ms/s)', 0],
  ['busyWithProbeMsPerS', 'main-thread busy with the frame probe (ms/s)', 0],
  ['cpuMainMsPerS', 'renderer main-thread CPU (ms/s)', 0],
  ['cpuWorkerMsPerS', 'worker threads CPU, load generator included (ms/s)', 0],
  ['cpuAllMsPerS', 'renderer CPU, all threads (ms/s)', 0],
  ['fps', 'frames per second', 0],
  ['frameP50Ms', 'frame interval p50 (ms)', 1],
  ['frameP99Ms', 'frame interval p99 (ms)', 1],
  ['longTasks', 'long tasks (count)', 0],
  ['longTaskMsPerS', 'long-task time (ms/s)', 0],
  ['chartLatP50Ms', 'latency ts→drawn, chart p50 (ms)', 0],
  ['chartLatP99Ms', 'latency ts→drawn, chart p99 (ms)', 0],
  ['personnelLatP50Ms', 'latency ts→drawn, personnel p50 (ms)', 0],
  ['personnelLatP99Ms', 'latency ts→drawn, personnel p99 (ms)', 0],
  ['behindMs', 'behind the load at window end (ms; a frame every 200 ms: up to 200 plus one frame\'s handling is keeping up)', 0, 'no ratio'],
  ['heapMB', 'JS heap at window end (MB)', 1],
  ['peopleDrawn', 'people on the strip at window end (left bore; should be equal)', 0, 'no ratio'],
];

const fmt = (v, digits) => (Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–');

function cell(values, digits) {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length === 0) return '–';
  const m = fmt(median(v), digits);
  return v.length > 1 ? `${m} (${fmt(Math.min(...v), digits)}–${fmt(Math.max(...v), digits)})` : m;
}

function ratio(cand, base) {
  const c = median(cand);
  const b = median(base);
  if (!Number.isFinite(c) || !Number.isFinite(b) || b === 0) return '–';
  const r = c / b;
  if (r === 0) return '0×';
  return r >= 10 ? `${r.toFixed(0)}×` : r >= 0.1 ? `${r.toFixed(2)}×` : `${r.toFixed(3)}×`;
}

/** Honest one-liner for runs that failed or could not keep up. */
function health(label, summaries, failures) {
  const notes = [];
  if (failures.length) notes.push(`${failures.length} run(s) failed: ${[...new Set(failures)].join('; ')}`);
  const behind = summaries.filter((s) => s.behindMs > BEHIND_LIMIT_MS);
  if (behind.length) {
    notes.push(
      `fell behind in ${behind.length}/${summaries.length} run(s): ` +
        behind.map((s) => `${s.pendingAtEnd} batches pending, ${(s.behindMs / 1000).toFixed(1)} s behind`).join('; '),
    );
  }
  const errs = summaries.flatMap((s) => s.errors);
  if (errs.length) notes.push(`page errors: ${[...new Set(errs)].slice(0, 3).join(' | ')}`);
  return notes.length ? `- **${label}**: ${notes.join('. ')}\n` : '';
}

/**
 * The markdown report. `groups` is a list of { mult, baseline: {summaries, failures}, candidate: {…} }.
 * Cells are the median over runs with (min–max) beside it; ratio = candidate median / baseline median.
 */
export function renderReport({ groups, meta }) {
  let md = `# Pipeline benchmark, ${meta.date}\n\n`;
  md += `${meta.description}\n\n`;
  for (const g of groups) {
    const mps = median([...g.baseline.summaries, ...g.candidate.summaries].map((s) => s.messagesPerSecond));
    md += `## ${g.mult}× demo load (≈ ${fmt(mps, 0)} device messages/s)\n\n`;
    md += `| metric | naive baseline | siteboard | ratio siteboard/naive |\n|---|---:|---:|---:|\n`;
    for (const [key, label, digits, noRatio] of ROWS) {
      const b = g.baseline.summaries.map((s) => s[key]);
      const c = g.candidate.summaries.map((s) => s[key]);
      md += `| ${label} | ${cell(b, digits)} | ${cell(c, digits)} | ${noRatio ? '' : ratio(c, b)} |\n`;
    }
    const samples = (side, key) => side.summaries.map((s) => s[key]).join('/');
    md += `\nRuns: naive ${g.baseline.summaries.length}, siteboard ${g.candidate.summaries.length}. `;
    md += `Latency samples per run: chart naive ${samples(g.baseline, 'chartSamples') || '–'}, siteboard ${samples(g.candidate, 'chartSamples') || '–'}; `;
    md += `personnel naive ${samples(g.baseline, 'personnelSamples') || '–'}, siteboard ${samples(g.candidate, 'personnelSamples') || '–'}.\n`;
    let notes = health('naive', g.baseline.summaries, g.baseline.failures) + health('siteboard', g.candidate.summaries, g.candidate.failures);
    const people = (side) => median(side.summaries.map((s) => s.peopleDrawn));
    const [pb, pc] = [people(g.baseline), people(g.candidate)];
    if (Number.isFinite(pb) && Number.isFinite(pc) && pb !== pc) {
      notes += `- **different drawings**: the personnel strip showed ${fmt(pb, 0)} people in the baseline and ${fmt(pc, 0)} in siteboard (medians).\n`;
    }
    if (notes) md += `\n${notes}`;
    md += '\n';
  }
  return md;
}
