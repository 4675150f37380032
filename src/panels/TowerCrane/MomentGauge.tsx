import { SCREEN, STATUS_COLOR } from '../../components';

/** Full scale of the gauge: moment above 120 % of rated is pinned at the end. */
export const GAUGE_MAX_PCT = 120;

/** Point on the gauge arc for `pct` (0 … GAUGE_MAX_PCT), the arc spanning 180° from left to right. */
export function gaugePoint(pct: number, cx: number, cy: number, r: number): { x: number; y: number } {
  const f = Math.min(1, Math.max(0, pct / GAUGE_MAX_PCT));
  const a = Math.PI * (1 - f);
  return { x: cx + r * Math.cos(a), y: cy - r * Math.sin(a) };
}

function arc(from: number, to: number, cx: number, cy: number, r: number): string {
  const p0 = gaugePoint(from, cx, cy, r);
  const p1 = gaugePoint(to, cx, cy, r);
  return `M ${p0.x} ${p0.y} A ${r} ${r} 0 0 1 ${p1.x} ${p1.y}`;
}

/**
 * Semicircular moment gauge: the value arc in its level colour, with tick marks at the warning and
 * alarm limits of the crane's thresholds (docs/domain.md default 90 / 100 %).
 */
export function MomentGauge({ pct, warnPct, alarmPct, color, size }: { pct: number | null; warnPct: number | null; alarmPct: number | null; color: string; size: number }) {
  const w = size;
  const h = size * 0.62;
  const cx = w / 2;
  const cy = h - 6;
  const r = w / 2 - 14;
  const marks = [
    { pct: warnPct, color: STATUS_COLOR.warning },
    { pct: alarmPct, color: STATUS_COLOR.alarm },
  ].filter((m): m is { pct: number; color: string } => m.pct !== null);
  return (
    <svg width={w} height={h} role="img" aria-label={`moment ${pct ?? 0} %`}>
      <path d={arc(0, GAUGE_MAX_PCT, cx, cy, r)} style={{ stroke: SCREEN.panelBorder }} strokeWidth={14} fill="none" strokeLinecap="round" />
      {pct !== null && pct > 0 ? <path d={arc(0, pct, cx, cy, r)} stroke={color} strokeWidth={14} fill="none" strokeLinecap="round" /> : null}
      {marks.map((m) => {
        const a = gaugePoint(m.pct, cx, cy, r - 12);
        const b = gaugePoint(m.pct, cx, cy, r + 12);
        return <line key={m.color} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={m.color} strokeWidth={3} />;
      })}
    </svg>
  );
}
