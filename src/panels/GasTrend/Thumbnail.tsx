import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the gas trend: three gas lines under dashed warning and alarm limits. */
export function GasTrendThumbnail({ width, height }: { width: number; height: number }) {
  const axis = { stroke: SCREEN.textMuted, strokeWidth: 0.8 };
  const line = (stroke: string) => ({ fill: 'none', stroke, strokeWidth: 1.6, strokeLinejoin: 'round' as const });
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="gasTrend">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      <rect x="12" y="6" width="44" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
      <line x1="16" y1="22" x2="16" y2="88" style={axis} />
      <line x1="16" y1="88" x2="152" y2="88" style={axis} />
      <line x1="16" y1="34" x2="152" y2="34" style={{ stroke: STATUS_COLOR.alarm, strokeWidth: 1, strokeDasharray: '4 3' }} />
      <line x1="16" y1="46" x2="152" y2="46" style={{ stroke: STATUS_COLOR.warning, strokeWidth: 1, strokeDasharray: '4 3' }} />
      <polyline points="16,70 30,66 44,68 58,58 72,61 86,52 100,55 114,44 128,49 142,40 152,42" style={line(SCREEN.brand)} />
      <polyline points="16,80 30,78 44,79 58,75 72,77 86,72 100,74 114,70 128,72 142,68 152,69" style={line('#4f8ff7')} />
      <polyline points="16,60 30,62 44,57 58,63 72,59 86,64 100,60 114,62 128,58 142,61 152,59" style={line('#c084fc')} />
      {[40, 76, 112, 148].map((x) => (
        <line key={x} x1={x} y1="88" x2={x} y2="91" style={axis} />
      ))}
    </svg>
  );
}
