import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the tower crane card: a moment gauge (green, amber, red bands, needle) beside readings. */
export function TowerCraneThumbnail({ width, height }: { width: number; height: number }) {
  // The gauge is a half circle centred at (48, 70), radius 30; the bands split it at 80 % and 90 %.
  const arc = (from: number, to: number) => {
    const pt = (f: number) => [48 - 30 * Math.cos(Math.PI * f), 70 - 30 * Math.sin(Math.PI * f)].map((v) => v.toFixed(2)).join(' ');
    return `M ${pt(from)} A 30 30 0 0 1 ${pt(to)}`;
  };
  const band = (stroke: string) => ({ fill: 'none', stroke, strokeWidth: 7 });
  const needle = 0.62;
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="towerCrane">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      <rect x="12" y="6" width="44" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
      <path d={arc(0, 0.8)} style={band(STATUS_COLOR.online)} />
      <path d={arc(0.8, 0.9)} style={band(STATUS_COLOR.warning)} />
      <path d={arc(0.9, 1)} style={band(STATUS_COLOR.alarm)} />
      <line x1="48" y1="70" x2={48 - 24 * Math.cos(Math.PI * needle)} y2={70 - 24 * Math.sin(Math.PI * needle)} style={{ stroke: SCREEN.text, strokeWidth: 2, strokeLinecap: 'round' }} />
      <circle cx="48" cy="70" r="3" style={{ fill: SCREEN.text }} />
      <rect x="36" y="78" width="24" height="6" rx="1" style={{ fill: SCREEN.text }} />
      {[26, 42, 58, 74].map((y) => (
        <g key={y}>
          <rect x="96" y={y} width="22" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x="124" y={y - 1} width="26" height="5" rx="1" style={{ fill: SCREEN.text }} />
        </g>
      ))}
      <circle cx="100" cy="88" r="2.6" style={{ fill: STATUS_COLOR.online }} />
      <rect x="106" y="86.5" width="20" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
    </svg>
  );
}
