import { useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type Konva from 'konva';
import { Arrow, Group, Layer, Line, Shape, Stage, Text } from 'react-konva';
import { formatChainage, type TunnelInfo } from '../../../protocol';
import { RefusedMessage, useDevices, useTelemetryTopic, useTunnelPlan, useTunnelProgress, useTunnels, useUnderground, type PersonnelFrame, type Underground } from '../../panelData';
import { PanelMessage, useScreenMode, useThemeColors, VISUALLY_HIDDEN } from '../../components';
import { mapTextPx, useScreenScale } from '../../components/mapText';
import { fromPortal, WORK_COLOR } from '../../components/tunnel/BoreProgress';
import { ROCK_GRADE_COLOR } from '../../theme/rockGrade';
import { TUNNEL_MAP_COLORS } from '../../theme/tunnelMap';
import type { PanelProps } from '../types';
import type { TunnelPlanConfig } from './index';
import { BORE_WIDTH_M, fitView, niceLengthM, planBores, screenAt, screenStretch, tickChainages, tickStepM, zoomAt, type PlanBore, type PlanView } from './geometry';
import { drawPlanPeople, type PlanPeopleScene } from './drawPlanPeople';
import { PlanLegend, PLAN_ZONE_COLOR, planLegendHeight } from './PlanLegend';
import { PlanSupplyPoints } from './PlanSupplyPoints';
import { SupplyPointIcon, supplyMarkStyle } from '../../components/emergency/SupplyPointCard';

/** Page-px design sizes of the plan's canvas labels, before mapTextPx (never under 12 screen px). */
const TEXT_PX = { boreName: 18, tick: 14, face: 15, portal: 14, scale: 14, north: 18, sos: 16 } as const;
/** Wheel zoom per notch, and per button press. */
const WHEEL_ZOOM = 1.2;
const BUTTON_ZOOM = 1.5;

/**
 * The tunnel plan (docs/domain.md "Tunnel plan"): each bore along its alignment, north up, with its
 * excavated part, invert and second lining, faces, portals, the surrounding-rock grade band, zones and cross
 * passages; people placed by chainage and the personnel heat map from the same frames as the strip
 * (useUnderground: live fixes, or the replayed instant), faces as of the board clock (useTunnelProgress);
 * the emergency supply points as a layer switched by its button (PlanSupplyPoints). Fitted to the panel; the wheel zooms about the pointer, a drag pans, the buttons zoom and fit again.
 */
export const TunnelPlanPanel = observer(function TunnelPlanPanel({ config, width, height }: PanelProps<TunnelPlanConfig>) {
  const { t } = useLingui();
  const tunnels = useTunnels();
  const progress = useTunnelProgress();
  const { plan } = useTunnelPlan();
  const devices = useDevices();
  const theme = useThemeColors();
  const mode = useScreenMode();
  const wanted = config.tunnelIds;
  // the faces as of the board clock (the replayed instant in replay); the bore list until they come
  const all: readonly TunnelInfo[] = progress.bores ? progress.bores.map((b) => b.tunnel) : tunnels.tunnels;
  const shown = useMemo(() => (wanted ? all.filter((x) => wanted.includes(x.tunnelId)) : [...all]), [all, wanted]);
  const bores = useMemo(() => planBores(shown, plan?.alignments ?? []), [shown, plan]);
  const refusal = useTelemetryTopic('beacon');
  const hostRef = useRef<HTMLDivElement>(null);
  const screenScale = useScreenScale(hostRef, !refusal && shown.length > 0);
  const px = (designPx: number) => mapTextPx(designPx, screenScale);
  const legendH = planLegendHeight(px(16), width);
  const drawH = Math.max(60, height - legendH);
  const fit = useMemo(
    // room beside the drawing for the portals' labels, above and below for the ticks' and faces'
    () => fitView(bores, width, drawH, { x: px(TEXT_PX.boreName) * 8, y: px(TEXT_PX.face) * 3.5 }),
    // px follows screenScale
    [bores, width, drawH, screenScale],
  );
  const [userView, setUserView] = useState<PlanView | null>(null);
  const [supplyShown, setSupplyShown] = useState(config.supplyPoints);
  useEffect(() => setSupplyShown(config.supplyPoints), [config.supplyPoints]);
  useEffect(() => setUserView(null), [width, height]);
  const view = userView ?? fit;
  const bodyPx = Math.max(8, BORE_WIDTH_M * view.scale);

  // people and heat: redrawn per personnel frame without a React render
  const layerRef = useRef<Konva.Layer>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const sceneRef = useRef<PlanPeopleScene>({ bores, view, frame: null, binM: config.binM, bodyPx, heatOffsetPx: 0, heatWidthPx: 8, dotColor: theme.text, sosPx: px(TEXT_PX.sos), nameOf: (sn) => sn });
  Object.assign(sceneRef.current, {
    bores,
    view,
    binM: config.binM,
    bodyPx,
    heatOffsetPx: bodyPx / 2 + 14,
    heatWidthPx: 8,
    dotColor: theme.text,
    sosPx: px(TEXT_PX.sos),
    nameOf: (sn: string) => devices.get(sn)?.name ?? sn,
  });
  const showFrame = ({ frame }: Underground) => {
    sceneRef.current.frame = frame;
    layerRef.current?.batchDraw();
    const summary = summarise(frame, shown, (n) => t`${n} people`);
    if (summaryRef.current && summaryRef.current.textContent !== summary) summaryRef.current.textContent = summary;
  };
  useUnderground(shown, { greyAfterMs: config.staleMs, binM: config.binM }, showFrame, hostRef);
  useEffect(() => void layerRef.current?.batchDraw(), [view, bores]);

  usePanZoom(hostRef, view, fit.scale, setUserView, !refusal && shown.length > 0);

  if (refusal) return <RefusedMessage reason={refusal} />;
  if (shown.length === 0) return <PanelMessage>{tunnels.loaded ? <Trans>No tunnels in this project</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;

  const colors = TUNNEL_MAP_COLORS[mode];
  const straight = bores.filter((b) => b.straight).map((b) => b.tunnel.name);
  const scaleM = niceLengthM(180 / view.scale);
  const buttonStyle = { minWidth: px(16) * 2.2, height: px(16) * 2, fontSize: px(16), cursor: 'pointer' } as const;
  return (
    <div ref={hostRef} data-tunnel-plan data-people-drawn="0" data-plan-scale={view.scale.toFixed(4)} data-plan-fitted={userView ? undefined : ''} style={{ position: 'relative', width, height, overflow: 'hidden', touchAction: 'none', cursor: 'grab' }}>
      <p ref={summaryRef} data-summary="plan-personnel" style={VISUALLY_HIDDEN} />
      <Stage width={width} height={drawH} listening={false}>
        <Layer listening={false}>
          {(plan?.zones ?? []).map((z) => {
            const b = bores.find((x) => x.tunnel.tunnelId === z.tunnelId);
            if (!b) return null;
            const s = b.tunnel.startChainageM;
            return <Line key={z.zoneId} points={screenStretch(view, b.points, s + z.fromM, s + z.toM)} stroke={PLAN_ZONE_COLOR[z.kind]} strokeWidth={bodyPx + 10} opacity={0.45} />;
          })}
          {bores.flatMap((b) => (plan?.alignments.find((a) => a.tunnelId === b.tunnel.tunnelId)?.crossPassages ?? []).map((c) => <CrossPassageLine key={`${b.tunnel.tunnelId}-${c.chainageM}`} from={b} c={c} bores={bores} view={view} color={theme.textMuted} />))}
          {bores.map((b) => (
            <BorePlan key={b.tunnel.tunnelId} bore={b} view={view} width={width} bodyPx={bodyPx} colors={colors} text={theme.text} muted={theme.textMuted} px={px} tickMinPx={px(TEXT_PX.tick) * 7} />
          ))}
          <NorthArrow x={px(TEXT_PX.north)} y={px(TEXT_PX.north) * 0.6} size={px(TEXT_PX.north)} color={theme.text} />
          {/* bottom right: the portals' labels sit left and right of the drawing's middle, rarely in a corner */}
          <ScaleBar x={width - scaleM * view.scale - px(TEXT_PX.scale) * 5 - 8} y={drawH - px(TEXT_PX.scale) * 1.6} lengthPx={scaleM * view.scale} label={`${scaleM} m`} fontPx={px(TEXT_PX.scale)} color={theme.text} />
        </Layer>
        <Layer ref={layerRef} listening={false}>
          <Shape
            listening={false}
            sceneFunc={(con) => {
              const n = drawPlanPeople(con._context as CanvasRenderingContext2D, sceneRef.current);
              const host = hostRef.current;
              if (host && host.getAttribute('data-people-drawn') !== String(n)) host.setAttribute('data-people-drawn', String(n));
            }}
          />
        </Layer>
      </Stage>
      <PlanSupplyPoints bores={bores} view={view} bodyPx={bodyPx} width={width} height={drawH} enabled={supplyShown} px={px} />
      <div style={{ position: 'absolute', top: 4, right: 8, display: 'flex', gap: 6, zIndex: 3 }}>
        <button
          type="button"
          style={{ ...buttonStyle, display: 'flex', alignItems: 'center', justifyContent: 'center', opacity: supplyShown ? 1 : 0.55 }}
          aria-label={t`Emergency supply points`}
          title={t`Emergency supply points`}
          aria-pressed={supplyShown}
          data-plan-layer="supplyPoints"
          onClick={() => setSupplyShown((v) => !v)}
        >
          <span style={{ ...supplyMarkStyle(px(16) * 1.2), display: 'block', pointerEvents: 'none' }}>
            <SupplyPointIcon />
          </span>
        </button>
        <button type="button" style={buttonStyle} aria-label={t`Zoom in`} onClick={() => setUserView(zoomAt(view, BUTTON_ZOOM, width / 2, drawH / 2, fit.scale))}>
          +
        </button>
        <button type="button" style={buttonStyle} aria-label={t`Zoom out`} onClick={() => setUserView(zoomAt(view, 1 / BUTTON_ZOOM, width / 2, drawH / 2, fit.scale))}>
          −
        </button>
        <button type="button" style={buttonStyle} data-plan-fit onClick={() => setUserView(null)}>
          <Trans>Fit</Trans>
        </button>
      </div>
      <PlanLegend tunnels={shown} binM={config.binM} fontPx={px(16)} straight={straight} height={legendH} />
    </div>
  );
});

type Px = (designPx: number) => number;

/** One bore: outline and rock, excavated part, lining and invert, grade band, faces, portals, chainage ticks, name. */
function BorePlan({ bore, view, width, bodyPx, colors, text, muted, px, tickMinPx }: { bore: PlanBore; view: PlanView; width: number; bodyPx: number; colors: (typeof TUNNEL_MAP_COLORS)['dark' | 'light']; text: string; muted: string; px: Px; tickMinPx: number }) {
  const tun = bore.tunnel;
  const s = tun.startChainageM;
  const L = tun.lengthM;
  const line = (fromM: number, toM: number, offsetPx = 0) => screenStretch(view, bore.points, s + fromM, s + Math.max(fromM + 0.01, toM), offsetPx);
  const side = bore.outer;
  const gradeOffset = bodyPx / 2 + 5;
  const labelOffset = bodyPx / 2 + 26;
  const step = tickStepM(view.scale, tickMinPx);
  /**
   * A horizontal label centred at the point `offsetPx` to the bore's side of chainage `m`, above or below it
   * as that side lies on screen, kept inside the panel's width.
   */
  const label = (key: string, m: number, offsetPx: number, textValue: string, fontPx: number, color: string, bold = false) => {
    const p = screenAt(view, bore.points, s + m, offsetPx);
    const c = screenAt(view, bore.points, s + m);
    const up = p.y < c.y;
    const w = textValue.length * fontPx * 0.62 + 8;
    const x = Math.max(4, Math.min(width - w - 4, p.x - w / 2));
    return <Text key={key} x={x} y={up ? p.y - fontPx * 1.1 : p.y} width={w} align="center" text={textValue} fontSize={fontPx} fontStyle={bold ? 'bold' : 'normal'} fill={color} />;
  };
  /**
   * A portal's label beyond the end of the bore (before the entry, after the exit, as the bore runs on
   * screen) on its outer side, so it clears the chainage ticks and the other bore's label: the bore's name
   * and the entry chainage, the exit chainage. Short, so it fits the room fitView leaves beside the drawing.
   */
  const portalLabel = (key: string, m: number, lines: string[], fontPx: number) => {
    // 16 px on beyond the portal, along the bore's line, and to its outer side
    const beyondM = (m === 0 ? -16 : 16) / view.scale;
    const c = screenAt(view, bore.points, s + m + beyondM);
    const p = screenAt(view, bore.points, s + m + beyondM, side * (bodyPx / 2));
    const runsRight = Math.sin((c.headingDeg * Math.PI) / 180) >= 0;
    const before = (m === 0) === runsRight; // the label lies left of the point
    const w = Math.max(...lines.map((l) => l.length)) * fontPx * 0.62 + 8;
    const h = fontPx * 1.15 * lines.length;
    const x = Math.max(4, Math.min(width - w - 4, before ? p.x - w - 6 : p.x + 6));
    return <Text key={key} x={x} y={p.y < c.y ? p.y - h : p.y} width={w} align={before ? 'right' : 'left'} text={lines.join('\n')} lineHeight={1.15} fontSize={fontPx} fontStyle="bold" fill={text} />;
  };
  const across = (m: number, halfPx: number) => {
    const a = screenAt(view, bore.points, s + m, -halfPx);
    const b = screenAt(view, bore.points, s + m, halfPx);
    return [a.x, a.y, b.x, b.y];
  };
  return (
    <Group listening={false} data-bore={tun.tunnelId}>
      <Line points={line(0, L)} stroke={colors.edge} strokeWidth={bodyPx + 2} dash={[6, 4]} />
      <Line points={line(0, L)} stroke={colors.rock} strokeWidth={bodyPx} />
      {tun.headings.map((h) => {
        const dug = fromPortal(h, h.faceM, L);
        const inv = fromPortal(h, h.invertM, L);
        const lin = fromPortal(h, h.liningM, L);
        return (
          <Group key={h.headingId}>
            <Line points={line(dug.fromM, dug.toM)} stroke={WORK_COLOR.excavated} strokeWidth={bodyPx} />
            <Line points={line(lin.fromM, lin.toM, -side * bodyPx * 0.22)} stroke={WORK_COLOR.lining} strokeWidth={Math.max(2, bodyPx * 0.3)} />
            <Line points={line(inv.fromM, inv.toM, side * bodyPx * 0.3)} stroke={WORK_COLOR.invert} strokeWidth={Math.max(2, bodyPx * 0.2)} />
          </Group>
        );
      })}
      {(tun.rockSegments ?? []).map((g) => (
        <Line key={`g${g.fromM}`} points={line(g.fromM, Math.min(g.toM, L), side * gradeOffset)} stroke={ROCK_GRADE_COLOR[g.grade]} strokeWidth={5} />
      ))}
      {tickChainages(tun, step).filter((c) => Math.min(c - s, s + L - c) * view.scale > tickMinPx / 2).map((c) => (
        <Group key={`t${c}`}>
          <Line points={(() => { const a = screenAt(view, bore.points, c, side * (bodyPx / 2 + 8)); const b = screenAt(view, bore.points, c, side * (bodyPx / 2 + 20)); return [a.x, a.y, b.x, b.y]; })()} stroke={muted} strokeWidth={1} />
          {label(`tl${c}`, c - s, side * labelOffset, formatChainage(c), px(TEXT_PX.tick), muted)}
        </Group>
      ))}
      {/* portals: a bar across each end, the entry one with the bore's name */}
      <Line points={across(0, bodyPx / 2 + 8)} stroke={text} strokeWidth={4} />
      <Line points={across(L, bodyPx / 2 + 8)} stroke={text} strokeWidth={4} />
      {portalLabel('pn', 0, [tun.name, formatChainage(s)], px(TEXT_PX.boreName))}
      {portalLabel('px', L, [formatChainage(s + L)], px(TEXT_PX.portal))}
      {tun.headings.map((h) => (
        <Group key={`f${h.headingId}`} data-face={h.headingId}>
          <Line points={across(h.faceM, bodyPx / 2 + 6)} stroke={ROCK_GRADE_COLOR[h.rockGrade ?? 'none']} strokeWidth={5} />
          <Line points={across(h.faceM, bodyPx / 2 + 6)} stroke={WORK_COLOR.face} strokeWidth={1.5} />
          {label(`fl${h.headingId}`, h.faceM, side * (labelOffset + px(TEXT_PX.tick) * 1.3), `${formatChainage(s + h.faceM)} ${h.rockGrade ?? '–'}`, px(TEXT_PX.face), text, true)}
        </Group>
      ))}
    </Group>
  );
}

/** A cross passage from one bore to another, as a line between their centre lines (vehicle ones wider). */
function CrossPassageLine({ from, c, bores, view, color }: { from: PlanBore; c: { chainageM: number; toTunnelId: string; toChainageM: number; kind: 'pedestrian' | 'vehicle' }; bores: readonly PlanBore[]; view: PlanView; color: string }) {
  const to = bores.find((b) => b.tunnel.tunnelId === c.toTunnelId);
  if (!to) return null;
  const a = screenAt(view, from.points, c.chainageM);
  const b = screenAt(view, to.points, c.toChainageM);
  return <Line points={[a.x, a.y, b.x, b.y]} stroke={color} strokeWidth={c.kind === 'pedestrian' ? 2.5 : 5} />;
}

/** North arrow (the plan is drawn north up). */
function NorthArrow({ x, y, size, color }: { x: number; y: number; size: number; color: string }) {
  return (
    <Group listening={false}>
      <Text x={x - size} y={y} width={size * 2} align="center" text="N" fontSize={size} fontStyle="bold" fill={color} />
      <Arrow points={[x, y + size * 3.2, x, y + size * 1.2]} pointerLength={size * 0.6} pointerWidth={size * 0.6} stroke={color} fill={color} strokeWidth={2} />
    </Group>
  );
}

/** Scale bar of `lengthPx` labelled with its length. */
function ScaleBar({ x, y, lengthPx, label, fontPx, color }: { x: number; y: number; lengthPx: number; label: string; fontPx: number; color: string }) {
  return (
    <Group listening={false}>
      <Line points={[x, y - 6, x, y, x + lengthPx, y, x + lengthPx, y - 6]} stroke={color} strokeWidth={2} />
      <Text x={x + lengthPx + 8} y={y - fontPx * 0.8} text={label} fontSize={fontPx} fill={color} />
    </Group>
  );
}

/**
 * Wheel zoom about the pointer and drag to pan on `ref`'s element while `mounted`; `setView` receives the
 * moved view. The wheel listener is not passive, so the page does not scroll under the plan.
 */
function usePanZoom(ref: React.RefObject<HTMLDivElement | null>, view: PlanView, fitScale: number, setView: (v: PlanView) => void, mounted: boolean): void {
  const latest = useRef({ view, fitScale, setView });
  latest.current = { view, fitScale, setView };
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const local = (e: { clientX: number; clientY: number }) => {
      const r = el.getBoundingClientRect();
      // the board may scale the page: pointer px back to the panel's own px
      const k = el.offsetWidth > 0 ? r.width / el.offsetWidth : 1;
      return { x: (e.clientX - r.left) / k, y: (e.clientY - r.top) / k, k };
    };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = local(e);
      const l = latest.current;
      l.setView(zoomAt(l.view, e.deltaY < 0 ? WHEEL_ZOOM : 1 / WHEEL_ZOOM, p.x, p.y, l.fitScale));
    };
    let drag: { x: number; y: number; ox: number; oy: number; k: number } | null = null;
    const onDown = (e: PointerEvent) => {
      // the zoom and fit buttons take their own clicks
      if (e.button !== 0 || (e.target instanceof Element && e.target.closest('button'))) return;
      const p = local(e);
      drag = { x: e.clientX, y: e.clientY, ox: latest.current.view.ox, oy: latest.current.view.oy, k: p.k };
      el.setPointerCapture(e.pointerId);
      el.style.cursor = 'grabbing';
    };
    const onMove = (e: PointerEvent) => {
      if (!drag) return;
      const l = latest.current;
      l.setView({ scale: l.view.scale, ox: drag.ox + (e.clientX - drag.x) / drag.k, oy: drag.oy + (e.clientY - drag.y) / drag.k });
    };
    const onUp = () => {
      drag = null;
      el.style.cursor = 'grab';
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onUp);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onUp);
    };
  }, [ref, mounted]);
}


/** One line per bore ("Left bore: 73 people"), the headcount rule's count, for screen readers and tests. */
function summarise(frame: PersonnelFrame, shown: readonly TunnelInfo[], peopleLabel: (n: number) => string): string {
  return frame.tunnels.map((t) => `${shown.find((x) => x.tunnelId === t.tunnelId)?.name ?? t.tunnelId}: ${peopleLabel(t.sns.length)}`).join('; ');
}
