import { SCREEN, STATUS_COLOR } from '../../components';

const ROWS = [STATUS_COLOR.online, STATUS_COLOR.online, STATUS_COLOR.alarm, STATUS_COLOR.online, STATUS_COLOR.offline];

/** Catalogue picture of the gas station table: a header, rows with status dots and one over-limit cell. */
export function GasTableThumbnail({ width, height }: { width: number; height: number }) {
  const cell = { fill: SCREEN.textMuted, opacity: 0.7 };
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="gasTable">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      <rect x="12" y="6" width="44" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
      <rect x="6" y="19" width="148" height="11" style={{ fill: SCREEN.panelTitle }} />
      {[10, 40, 70, 95, 120, 140].map((x) => (
        <rect key={x} x={x} y="23" width="14" height="3" rx="1" style={{ fill: SCREEN.text }} />
      ))}
      {ROWS.map((status, i) => {
        const y = 33 + i * 13;
        return (
          <g key={i}>
            <line x1="6" y1={y + 12} x2="154" y2={y + 12} style={{ stroke: SCREEN.panelBorder, strokeWidth: 0.6 }} />
            <circle cx="12" cy={y + 6} r="2.6" style={{ fill: status }} />
            <rect x="18" y={y + 4.5} width="16" height="3" rx="1" style={cell} />
            {[40, 70, 95, 120, 140].map((x) => (
              <rect
                key={x}
                x={x}
                y={y + 4.5}
                width="12"
                height="3"
                rx="1"
                style={i === 2 && x === 70 ? { fill: STATUS_COLOR.alarm } : cell}
              />
            ))}
          </g>
        );
      })}
    </svg>
  );
}
