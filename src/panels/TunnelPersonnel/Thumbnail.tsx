import { SCREEN, STATUS_COLOR } from '../../components';

const PEOPLE: Array<[number, number]> = [
  [34, 0], [52, 0], [58, 0], [96, 0], [118, 0], [122, 0],
  [28, 1], [64, 1], [70, 1], [101, 1],
];

/** Catalogue picture of the tunnel personnel map: two bores as strips with chainage ticks, people as dots, one SOS. */
export function TunnelPersonnelThumbnail({ width, height }: { width: number; height: number }) {
  const bore = (y: number) => ({ x: 10, y, width: 140, height: 16, rx: 8 });
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="tunnelPersonnel">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      <rect x="12" y="6" width="44" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
      {[26, 56].map((y) => (
        <g key={y}>
          <rect {...bore(y)} style={{ fill: SCREEN.panelTitle, stroke: SCREEN.textMuted, strokeWidth: 0.8 }} />
          <rect x="128" y={y} width="3" height="16" style={{ fill: SCREEN.brand }} />
          {[30, 50, 70, 90, 110].map((x) => (
            <line key={x} x1={x} y1={y + 16} x2={x} y2={y + 19} style={{ stroke: SCREEN.textMuted, strokeWidth: 0.6 }} />
          ))}
        </g>
      ))}
      {PEOPLE.map(([x, bore], i) => (
        <circle key={i} cx={x} cy={bore === 0 ? 34 : 64} r="2.4" style={{ fill: STATUS_COLOR.online }} />
      ))}
      <circle cx="84" cy="34" r="3.2" style={{ fill: STATUS_COLOR.alarm, stroke: '#fff', strokeWidth: 0.8 }} />
      {Array.from({ length: 14 }, (_, i) => (
        <rect key={i} x={10 + i * 10} y="84" width="9.4" height="6" style={{ fill: SCREEN.brand, opacity: [0.1, 0.2, 0.5, 0.7, 0.3, 0.6, 0.9, 0.4, 0.2, 0.5, 0.8, 0.3, 0.1, 0.1][i] }} />
      ))}
    </svg>
  );
}
