import { useLingui } from '@lingui/react/macro';
import { Arrow, Circle, Group, Layer, Line, Rect, Stage, Text } from 'react-konva';
import { equipmentRoleOf } from '../../../protocol';
import { STATUS_COLOR } from '../../theme/status';
import { useThemeColors, type ScreenColors } from '../../theme/screenVars';
import { boomSideView, elevatorMastM, gantrySpanM, heightToY, spanToX, towerTopView } from './geometry';

/** Readings of one device by metric key (protocol/kinds), as DeviceInfo.latest. */
type Values = Readonly<Record<string, number>>;

/** Props of every drawing: the device's latest values, the box, and the metrics currently at warning/alarm. */
export interface EquipmentDrawingProps {
  kind: string;
  values: Values | null;
  width: number;
  height: number;
  /** Level per metric key that is over a limit now; the parts drawing it take the level's colour. */
  levels?: Readonly<Record<string, 'warning' | 'alarm'>>;
}

const v = (values: Values | null, key: string): number => values?.[key] ?? 0;
const fmt = (n: number, digits: number, unit: string) => `${n.toFixed(digits)} ${unit}`.trim();

/**
 * A live drawing of one piece of lifting equipment (docs/architecture.md "Lifting equipment", react-konva): a tower crane from above
 * with its jib at the slew angle, the trolley at its radius and the load; an elevator's mast with both
 * cages at their heights and floors; a girder erector and a gantry crane from the side with their trolleys
 * and hooks; a yard crane's boom at its angle. Numbers carry the descriptor's units. Which drawing a kind
 * gets is its descriptor's `equipment.drawing` (EQUIPMENT_DRAWINGS); nothing for other kinds.
 */
export function EquipmentDrawing({ kind, values, width, height, levels = {} }: EquipmentDrawingProps) {
  const colors = useThemeColors();
  const { t } = useLingui();
  if (width < 40 || height < 40) return null;
  const color = (metric: string, fallback: string) => (levels[metric] ? STATUS_COLOR[levels[metric] === 'alarm' ? 'alarm' : 'warning'] : fallback);
  const p = { values, width, height, colors, color };
  const words: DrawingWords = { left: t`Left`, right: t`Right`, aboard: (n: number) => t`${n} aboard`, front: t`Front`, rear: t`Rear` };
  const drawing = EQUIPMENT_DRAWINGS[equipmentRoleOf(kind)?.drawing ?? ''];
  const body: React.ReactNode = drawing ? drawing(p, words) : null;
  return (
    <Stage width={width} height={height} listening={false} data-drawing={kind}>
      <Layer listening={false}>{body}</Layer>
    </Stage>
  );
}

interface PartProps {
  values: Values | null;
  width: number;
  height: number;
  colors: ScreenColors;
  color: (metric: string, fallback: string) => string;
}

/** The words drawings write on their parts, translated by the drawing's component. */
interface DrawingWords {
  left: string;
  right: string;
  aboard: (n: number) => string;
  front: string;
  rear: string;
}

/**
 * The drawings, by name: a kind names its own in its descriptor (`equipment.drawing`, protocol/kinds), so
 * a new kind reuses one or adds its drawing here.
 */
export const EQUIPMENT_DRAWINGS: Readonly<Record<string, (p: PartProps, w: DrawingWords) => React.ReactNode>> = {
  towerTop: (p) => <TowerTop {...p} />,
  elevatorShaft: (p, w) => <ElevatorShaft {...p} left={w.left} right={w.right} aboard={w.aboard} />,
  gantryFront: (p) => <GantryFront {...p} />,
  erectorSide: (p, w) => <ErectorSide {...p} front={w.front} rear={w.rear} />,
  yardCraneSide: (p) => <YardCraneSide {...p} />,
};

const FONT = 14;

function TowerTop({ values, width, height, colors, color }: PartProps) {
  const centre = { x: width / 2, y: height / 2 };
  const reach = Math.max(10, Math.min(width, height) / 2 - 22);
  const slew = v(values, 'rotationDeg');
  const radius = v(values, 'radiusM');
  const g = towerTopView(centre, reach, slew, radius);
  const hook = color('momentPct', STATUS_COLOR.online);
  return (
    <Group>
      <Circle x={centre.x} y={centre.y} radius={reach} stroke={colors.panelBorder} strokeWidth={1.5} dash={[6, 5]} />
      <Circle x={centre.x} y={centre.y} radius={reach / 2} stroke={colors.grid} strokeWidth={1} dash={[3, 5]} />
      <Text x={centre.x - 14} y={centre.y - reach - 18} text="N" fontSize={FONT} fill={colors.textMuted} />
      <Line points={[g.counterEnd.x, g.counterEnd.y, g.jibEnd.x, g.jibEnd.y]} stroke={colors.text} strokeWidth={5} lineCap="round" />
      <Rect x={g.counterEnd.x - 7} y={g.counterEnd.y - 7} width={14} height={14} fill={colors.textMuted} />
      <Rect x={centre.x - 6} y={centre.y - 6} width={12} height={12} fill={colors.brand} />
      <Circle x={g.trolley.x} y={g.trolley.y} radius={9} fill={hook} />
      <Text x={g.trolley.x + 12} y={g.trolley.y - 22} text={fmt(v(values, 'loadT'), 2, 't')} fontSize={FONT + 2} fontStyle="bold" fill={colors.text} />
      <Text x={g.trolley.x + 12} y={g.trolley.y - 4} text={`R ${fmt(radius, 1, 'm')}`} fontSize={FONT} fill={colors.textMuted} />
      <Text x={8} y={height - 22} text={`${slew.toFixed(0)}°`} fontSize={FONT + 2} fill={colors.text} />
    </Group>
  );
}

function ElevatorShaft({ values, width, height, colors, color, left, right, aboard }: PartProps & { left: string; right: string; aboard: (n: number) => string }) {
  const mast = elevatorMastM(v(values, 'leftHeightM'), v(values, 'rightHeightM'));
  const top = 18;
  const bottom = height - 22;
  const mastX = width / 2;
  const cageW = Math.min(70, width / 4);
  const cageH = Math.max(22, Math.min(44, (bottom - top) / 8));
  const ticks: number[] = [];
  for (let h = 0; h <= mast; h += 10) ticks.push(h);
  const cage = (side: 'left' | 'right', label: string) => {
    const y = heightToY(v(values, `${side}HeightM`), mast, bottom, top);
    const x = side === 'left' ? mastX - 8 - cageW : mastX + 8;
    const over = color(`${side}LoadPct`, color(`${side}LimitSwitch`, colors.brand));
    const door = v(values, `${side}DoorOpen`) === 1;
    const speed = v(values, `${side}SpeedMps`);
    return (
      <Group key={side}>
        <Rect x={x} y={y - cageH} width={cageW} height={cageH} fill={over} opacity={0.9} cornerRadius={3} />
        {door ? <Rect x={side === 'left' ? x : x + cageW - 6} y={y - cageH + 4} width={6} height={cageH - 8} fill={colors.panelBackground} /> : null}
        <Text x={x} y={y - cageH + 4} width={cageW} align="center" text={`F${v(values, `${side}Floor`).toFixed(0)}`} fontSize={FONT + 2} fontStyle="bold" fill="#fff" />
        <Text
          x={side === 'left' ? x - 130 : x + cageW + 8}
          width={122}
          align={side === 'left' ? 'right' : 'left'}
          y={y - cageH}
          text={`${label}\n${fmt(v(values, `${side}LoadT`), 2, 't')} · ${aboard(v(values, `${side}Occupants`))}\n${speed > 0.05 ? '▲' : speed < -0.05 ? '▼' : '■'} ${fmt(Math.abs(speed), 2, 'm/s')}`}
          fontSize={FONT - 1}
          lineHeight={1.2}
          fill={colors.text}
        />
      </Group>
    );
  };
  return (
    <Group>
      <Rect x={mastX - 5} y={top} width={10} height={bottom - top} fill={colors.panelBorder} />
      {ticks.map((h) => {
        const y = heightToY(h, mast, bottom, top);
        return <Line key={h} points={[mastX - 5, y, mastX + 5, y]} stroke={colors.textMuted} strokeWidth={1} />;
      })}
      <Text x={mastX + 10} y={top - 4} text={`${mast} m`} fontSize={FONT - 2} fill={colors.textMuted} />
      <Line points={[10, bottom, width - 10, bottom]} stroke={colors.textMuted} strokeWidth={2} />
      {cage('left', left)}
      {cage('right', right)}
    </Group>
  );
}

function GantryFront({ values, width, height, colors, color }: PartProps) {
  const span = gantrySpanM(v(values, 'trolleyPosM'));
  const l = 24;
  const r = width - 24;
  const girderY = 34;
  const ground = height - 24;
  const tx = spanToX(v(values, 'trolleyPosM'), span, l + 10, r - 10);
  const clearM = 20;
  const hookY = heightToY(v(values, 'hookHeightM'), clearM, ground - 16, girderY + 20);
  const load = color('loadPct', STATUS_COLOR.online);
  const clamp = v(values, 'railClamp') === 1;
  return (
    <Group>
      <Rect x={l - 6} y={girderY - 10} width={r - l + 12} height={16} fill={colors.text} cornerRadius={2} />
      <Line points={[l, girderY, l - 4, ground]} stroke={colors.text} strokeWidth={6} />
      <Line points={[r, girderY, r + 4, ground]} stroke={colors.text} strokeWidth={6} />
      <Line points={[0, ground, width, ground]} stroke={colors.textMuted} strokeWidth={2} />
      <Rect x={tx - 14} y={girderY + 6} width={28} height={12} fill={colors.brand} />
      <Line points={[tx, girderY + 18, tx, hookY]} stroke={colors.textMuted} strokeWidth={1.5} />
      <Rect x={tx - 16} y={hookY} width={32} height={14} fill={load} cornerRadius={2} />
      <Text x={tx + 20} y={hookY - 2} text={fmt(v(values, 'loadT'), 2, 't')} fontSize={FONT + 2} fontStyle="bold" fill={colors.text} />
      <Text x={l} y={girderY + 26} text={`↔ ${fmt(v(values, 'trolleyPosM'), 1, 'm')}`} fontSize={FONT} fill={colors.textMuted} />
      <Text x={l} y={ground + 4} text={`⇆ ${fmt(v(values, 'travelPosM'), 1, 'm')}`} fontSize={FONT} fill={colors.textMuted} />
      <Rect x={r - 18} y={ground - 10} width={14} height={10} fill={clamp ? STATUS_COLOR.online : STATUS_COLOR.offline} />
    </Group>
  );
}

function ErectorSide({ values, width, height, colors, color, front, rear }: PartProps & { front: string; rear: string }) {
  const deck = height * 0.62;
  const girderY = 30;
  const l = 20;
  const r = width - 20;
  // Legs at both ends of the main girder; the trolleys run between them.
  const legL = l + 12;
  const legR = r - 12;
  const rearX = spanToX(0.3, 1, l, r);
  const frontX = spanToX(0.7, 1, l, r);
  // Hook heights are relative to the deck (negative below it); the drawing spans 15 m above to 30 m below.
  const hookY = (h: number) => heightToY(h + 30, 45, height - 18, girderY + 20);
  const trolley = (x: number, side: 'front' | 'rear', label: string) => {
    const y = hookY(v(values, `${side}HookHeightM`));
    const fill = color(`${side}LoadPct`, STATUS_COLOR.online);
    return (
      <Group key={side}>
        <Rect x={x - 16} y={girderY + 6} width={32} height={12} fill={colors.brand} />
        <Line points={[x, girderY + 18, x, y]} stroke={colors.textMuted} strokeWidth={1.5} />
        <Rect x={x - 12} y={y} width={24} height={12} fill={fill} cornerRadius={2} />
        <Text x={x + 16} y={y - 2} text={`${label} ${fmt(v(values, `${side}LoadT`), 1, 't')}`} fontSize={FONT} fontStyle="bold" fill={colors.text} />
      </Group>
    );
  };
  return (
    <Group>
      <Rect x={l} y={girderY - 8} width={r - l} height={14} fill={colors.text} cornerRadius={2} />
      <Line points={[legL, girderY + 6, legL, deck]} stroke={colors.text} strokeWidth={5} />
      <Line points={[legR, girderY + 6, legR, deck]} stroke={colors.text} strokeWidth={5} />
      <Line points={[0, deck, width, deck]} stroke={colors.textMuted} strokeWidth={3} />
      {trolley(rearX, 'rear', rear)}
      {trolley(frontX, 'front', front)}
      <Arrow points={[l, height - 8, l + 40, height - 8]} stroke={colors.textMuted} fill={colors.textMuted} pointerLength={6} pointerWidth={6} />
      <Text x={l + 46} y={height - 16} text={fmt(v(values, 'travelPosM'), 1, 'm')} fontSize={FONT} fill={colors.textMuted} />
      <Text x={r - 110} y={girderY + 12} width={90} align="right" text={`∠ ${fmt(v(values, 'levelnessDeg'), 2, '°')}`} fontSize={FONT} fill={color('levelnessDeg', colors.textMuted)} />
    </Group>
  );
}

function YardCraneSide({ values, width, height, colors, color }: PartProps) {
  const ground = height - 20;
  const foot = { x: width * 0.22, y: ground - 34 };
  const boom = v(values, 'boomLengthM');
  const pxPerM = Math.min((width * 0.7) / Math.max(20, boom), (ground - 40) / Math.max(20, boom));
  const { tip } = boomSideView(foot, pxPerM, boom, v(values, 'boomAngleDeg'));
  const hookY = Math.min(ground - 14, tip.y + Math.max(30, (ground - tip.y) * 0.6));
  const load = color('momentPct', STATUS_COLOR.online);
  const outriggers = v(values, 'outriggersSet') === 1;
  return (
    <Group>
      <Line points={[0, ground, width, ground]} stroke={colors.textMuted} strokeWidth={2} />
      <Rect x={foot.x - 50} y={ground - 30} width={110} height={22} fill={colors.text} cornerRadius={4} />
      <Rect x={foot.x - 30} y={ground - 48} width={40} height={18} fill={colors.textMuted} cornerRadius={2} />
      {outriggers ? <Line points={[foot.x - 60, ground, foot.x - 50, ground - 12, foot.x + 60, ground - 12, foot.x + 70, ground]} stroke={colors.text} strokeWidth={3} /> : null}
      <Line points={[foot.x, foot.y, tip.x, tip.y]} stroke={colors.brand} strokeWidth={6} lineCap="round" />
      <Line points={[tip.x, tip.y, tip.x, hookY]} stroke={colors.textMuted} strokeWidth={1.5} />
      <Rect x={tip.x - 12} y={hookY} width={24} height={12} fill={load} cornerRadius={2} />
      <Text x={tip.x + 16} y={hookY - 4} text={fmt(v(values, 'loadT'), 2, 't')} fontSize={FONT + 2} fontStyle="bold" fill={colors.text} />
      <Text x={foot.x + 24} y={foot.y - 26} text={`${v(values, 'boomAngleDeg').toFixed(1)}°`} fontSize={FONT} fill={colors.textMuted} />
      <Text x={tip.x + 16} y={hookY + 16} text={`R ${fmt(v(values, 'radiusM'), 1, 'm')}`} fontSize={FONT} fill={colors.textMuted} />
    </Group>
  );
}
