import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the tunnel plan: two curved bores with a cross passage, people, a north arrow. */
export function TunnelPlanThumbnail({ width, height }: { width: number; height: number }) {
  const bore = (dy: number) => `M 12 ${70 + dy} C 60 ${62 + dy}, 100 ${40 + dy}, 150 ${34 + dy}`;
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="tunnelPlan">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      <rect x="12" y="6" width="40" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
      {[0, 14].map((dy) => (
        <path key={dy} d={bore(dy)} style={{ fill: 'none', stroke: SCREEN.textMuted, strokeWidth: 7, opacity: 0.6 }} />
      ))}
      <line x1="80" y1="54" x2="82" y2="67" style={{ stroke: SCREEN.textMuted, strokeWidth: 1.5 }} />
      {[
        [30, 67],
        [48, 63],
        [52, 64],
        [96, 46],
        [60, 75],
        [112, 56],
      ].map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="2.2" style={{ fill: STATUS_COLOR.online }} />
      ))}
      <path d="M 18 38 L 22 26 L 26 38 Z" style={{ fill: SCREEN.text }} />
      <rect x="12" y="90" width="30" height="2" style={{ fill: SCREEN.text }} />
    </svg>
  );
}
