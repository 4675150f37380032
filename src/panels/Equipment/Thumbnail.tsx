import { equipmentRoleOf } from '../../../protocol';
import { SCREEN, STATUS_COLOR } from '../../components';

/** The reading rows on the right of every equipment thumbnail. */
function Rows() {
  return (
    <>
      {[26, 40, 54, 68, 82].map((y) => (
        <g key={y}>
          <rect x="100" y={y} width="22" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x="128" y={y - 1} width="24" height="5" rx="1" style={{ fill: SCREEN.text }} />
        </g>
      ))}
    </>
  );
}

/** The title bar of every thumbnail. */
function Title() {
  return (
    <>
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      <rect x="12" y="6" width="44" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
    </>
  );
}

/** Each drawing in miniature (what EquipmentDrawing draws live), by the drawing's name (protocol/kinds `equipment.drawing`). */
const SKETCH: Record<string, () => React.ReactElement> = {
  elevatorShaft: () => (
    <g>
      <rect x="45" y="20" width="6" height="72" style={{ fill: SCREEN.textMuted }} />
      <rect x="24" y="54" width="18" height="14" rx="2" style={{ fill: SCREEN.brand }} />
      <rect x="54" y="30" width="18" height="14" rx="2" style={{ fill: STATUS_COLOR.online }} />
      <line x1="10" y1="92" x2="86" y2="92" style={{ stroke: SCREEN.textMuted, strokeWidth: 2 }} />
    </g>
  ),
  erectorSide: () => (
    <g>
      <rect x="8" y="24" width="82" height="6" style={{ fill: SCREEN.text }} />
      <line x1="18" y1="30" x2="18" y2="70" style={{ stroke: SCREEN.text, strokeWidth: 3 }} />
      <line x1="74" y1="30" x2="74" y2="70" style={{ stroke: SCREEN.text, strokeWidth: 3 }} />
      <line x1="0" y1="70" x2="96" y2="70" style={{ stroke: SCREEN.textMuted, strokeWidth: 2 }} />
      <line x1="34" y1="30" x2="34" y2="52" style={{ stroke: SCREEN.textMuted }} />
      <line x1="64" y1="30" x2="64" y2="58" style={{ stroke: SCREEN.textMuted }} />
      <rect x="29" y="52" width="10" height="6" style={{ fill: STATUS_COLOR.online }} />
      <rect x="59" y="58" width="10" height="6" style={{ fill: STATUS_COLOR.online }} />
    </g>
  ),
  gantryFront: () => (
    <g>
      <rect x="10" y="24" width="78" height="7" style={{ fill: SCREEN.text }} />
      <line x1="14" y1="31" x2="12" y2="90" style={{ stroke: SCREEN.text, strokeWidth: 3 }} />
      <line x1="84" y1="31" x2="86" y2="90" style={{ stroke: SCREEN.text, strokeWidth: 3 }} />
      <rect x="50" y="31" width="12" height="5" style={{ fill: SCREEN.brand }} />
      <line x1="56" y1="36" x2="56" y2="66" style={{ stroke: SCREEN.textMuted }} />
      <rect x="49" y="66" width="14" height="7" style={{ fill: STATUS_COLOR.online }} />
      <line x1="0" y1="90" x2="96" y2="90" style={{ stroke: SCREEN.textMuted, strokeWidth: 2 }} />
    </g>
  ),
  yardCraneSide: () => (
    <g>
      <rect x="10" y="76" width="44" height="10" rx="2" style={{ fill: SCREEN.text }} />
      <line x1="26" y1="74" x2="78" y2="26" style={{ stroke: SCREEN.brand, strokeWidth: 4, strokeLinecap: 'round' }} />
      <line x1="78" y1="26" x2="78" y2="62" style={{ stroke: SCREEN.textMuted }} />
      <rect x="72" y="62" width="12" height="7" style={{ fill: STATUS_COLOR.online }} />
      <line x1="0" y1="90" x2="96" y2="90" style={{ stroke: SCREEN.textMuted, strokeWidth: 2 }} />
    </g>
  ),
};

/** Catalogue picture of an equipment card of `kind`: its drawing in miniature beside reading rows. */
export function equipmentThumbnail(kind: string) {
  const Sketch = SKETCH[equipmentRoleOf(kind)?.drawing ?? ''];
  return function EquipmentThumbnail({ width, height }: { width: number; height: number }) {
    return (
      <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail={kind}>
        <Title />
        {Sketch ? <Sketch /> : null}
        <Rows />
      </svg>
    );
  };
}
