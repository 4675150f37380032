import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Group, Layer, Line, Rect, Stage, Text } from 'react-konva';
import { useLingui } from '@lingui/react/macro';
import { formatChainage, type TunnelInfo, type ZoneFields } from '../../../protocol';
import { useElementWidth } from '../../components/useElementHeight';
import { useScreenMode, useThemeColors, VISUALLY_HIDDEN } from '../../components';
import { dragSpan, endAtX, moveSpanEnd, xOfMetres, type BoreAxis, type Span, type SpanEnd } from '../../components/tunnel/zoneDrag';
import { layoutTunnels, type BoreLayout } from '../../panels/TunnelPersonnel/layout';
import { PLAN_ZONE_COLOR } from '../../panels/TunnelPlan/PlanLegend';
import { TUNNEL_MAP_COLORS } from '../../theme/tunnelMap';

/** A zone as the map draws it: its id and stored fields (bore, span in metres from the entry portal, kind, name). */
export type MapZone = Pick<ZoneFields, 'name' | 'kind' | 'tunnelId' | 'fromM' | 'toM'> & { zoneId: string };

/** A range proposed on the map and not yet saved: a new zone (`zoneId` null) or a zone's moved ends. */
export interface ZoneProposal {
  tunnelId: string;
  zoneId: string | null;
  span: Span;
}

/** The drag under way: drawing a new span from `startX`, or moving one end of a zone. */
type Drag = { kind: 'draw'; bore: BoreLayout; startX: number; x: number } | { kind: 'adjust'; bore: BoreLayout; zone: MapZone; end: SpanEnd; x: number };

/**
 * Sizes on the map, grown with its width so that a 4K screen's map keeps labels readable and handles
 * big enough to grab: label font (px, never under 14, so ≥ 12 px at 1366×768) and the handles' grab
 * distance (px, never under 12).
 */
export function zoneMapSizes(width: number): { fontPx: number; grabPx: number } {
  return { fontPx: Math.round(Math.max(14, Math.min(28, width / 110))), grabPx: Math.round(Math.max(12, width / 140)) };
}

const axisOf = (b: BoreLayout): BoreAxis => ({ x0: b.x0, x1: b.x1, startChainageM: b.tunnel.startChainageM, lengthM: b.tunnel.lengthM });

/**
 * The zones screen's tunnel map: the bores one under the other on one chainage scale (layoutTunnels, as
 * the tunnel personnel map lays them out), each zone a translucent band in its kind's colour with its
 * name. With `editable`, a drag across a bore proposes a new zone (`onDraw`) and a drag of a zone's end
 * handle proposes its new range (`onAdjust`), both snapped to 1 m and clamped to the bore (zoneDrag.ts);
 * a click or a zero-length drag proposes nothing, Escape drops the drag. `proposal` is drawn in place
 * of the zone it changes while its form is open; the caller clears it on cancel and the band goes back.
 */
export function ZoneMap(props: {
  tunnels: readonly TunnelInfo[];
  zones: readonly MapZone[];
  editable: boolean;
  proposal: ZoneProposal | null;
  onDraw: (tunnelId: string, span: Span) => void;
  onAdjust: (zone: MapZone, span: Span) => void;
}) {
  const { tunnels, zones, editable, proposal } = props;
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const { fontPx, grabPx } = zoneMapSizes(width);
  const rowH = Math.max(130, fontPx * 7);
  const height = tunnels.length * rowH + fontPx + 16;
  /** The line under the map that reads out the range being drawn (while editing). */
  const readoutH = editable ? Math.round(fontPx * 1.6) : 0;
  const layout = useMemo(() => layoutTunnels(tunnels, width, height, fontPx), [tunnels, width, height, fontPx]);
  const theme = useThemeColors();
  const colors = TUNNEL_MAP_COLORS[useScreenMode()];
  const [drag, setDrag] = useState<Drag | null>(null);

  // Escape drops the drag under way, wherever the focus is
  useEffect(() => {
    if (!drag) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrag(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drag]);
  useEffect(() => {
    if (!editable) setDrag(null);
  }, [editable]);

  const pointAt = (e: ReactPointerEvent) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const boreAt = (y: number) => layout.bores.find((b) => y >= b.bodyY - b.bodyH * 0.6 && y <= b.bodyY + b.bodyH * 1.6);
  /** The zones of a bore, shortest first: a short zone's handles win over a long one's around them. */
  const zonesOf = (tunnelId: string) => zones.filter((z) => z.tunnelId === tunnelId).sort((a, b) => a.toM - a.fromM - (b.toM - b.fromM));

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!editable || e.button !== 0 || proposal) return;
    const p = pointAt(e);
    const bore = boreAt(p.y);
    if (!bore || p.x < bore.x0 - grabPx || p.x > bore.x1 + grabPx) return;
    for (const zone of zonesOf(bore.tunnel.tunnelId)) {
      const end = endAtX(axisOf(bore), zone, p.x, grabPx);
      if (end) {
        setDrag({ kind: 'adjust', bore, zone, end, x: p.x });
        e.currentTarget.setPointerCapture(e.pointerId);
        e.preventDefault();
        return;
      }
    }
    setDrag({ kind: 'draw', bore, startX: p.x, x: p.x });
    e.currentTarget.setPointerCapture(e.pointerId);
    e.preventDefault();
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, x: pointAt(e).x });
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const done = { ...drag, x: pointAt(e).x };
    setDrag(null);
    const span = spanOf(done);
    if (!span) return;
    if (done.kind === 'draw') props.onDraw(done.bore.tunnel.tunnelId, span);
    else if (span.fromM !== done.zone.fromM || span.toM !== done.zone.toM) props.onAdjust(done.zone, span);
  };

  // what is drawn where: a zone being moved or proposed shows its new range, a new one its own band
  const live = drag ? spanOf(drag) : null;
  const moving = drag?.kind === 'adjust' ? drag.zone.zoneId : proposal?.zoneId ?? null;
  const movedSpan = drag?.kind === 'adjust' ? live : proposal?.zoneId ? proposal.span : null;
  const fresh: { tunnelId: string; span: Span } | null =
    drag?.kind === 'draw' ? (live ? { tunnelId: drag.bore.tunnel.tunnelId, span: live } : null) : proposal && !proposal.zoneId ? proposal : null;
  const chainage = (b: BoreLayout, m: number) => formatChainage(Math.max(0, b.tunnel.startChainageM + m));
  // the range being drawn or proposed, as text: which zone, the bore, both chainages and the length
  const readout = (() => {
    const shown = drag ? (live ? { tunnelId: drag.bore.tunnel.tunnelId, span: live, zoneId: drag.kind === 'adjust' ? drag.zone.zoneId : null } : null) : proposal;
    const b = shown && layout.bores.find((x) => x.tunnel.tunnelId === shown.tunnelId);
    if (!shown || !b) return null;
    const what = shown.zoneId ? (zones.find((z) => z.zoneId === shown.zoneId)?.name ?? shown.zoneId) : t`New zone`;
    const lengthM = Math.round((shown.span.toM - shown.span.fromM) * 10) / 10;
    return `${what} · ${b.tunnel.name} ${chainage(b, shown.span.fromM)} – ${chainage(b, shown.span.toM)} (${lengthM} m)`;
  })();

  return (
    <div
      ref={box}
      data-zone-map
      data-draw-mode={editable ? 'on' : 'off'}
      style={{ position: 'relative', width: '100%', minWidth: 0, height: height + readoutH, overflow: 'hidden', cursor: editable ? 'crosshair' : 'default', touchAction: editable ? 'none' : 'auto', userSelect: 'none' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
    >
      {layout.bores.map((b) => (
        // where each bore is drawn, for tests and tools that point at the canvas
        <span
          key={b.tunnel.tunnelId}
          hidden
          data-map-bore={b.tunnel.tunnelId}
          data-x0={b.x0}
          data-x1={b.x1}
          data-y={b.bodyY + b.bodyH / 2}
          data-start-chainage={b.tunnel.startChainageM}
          data-length={b.tunnel.lengthM}
          data-grab-px={grabPx}
        />
      ))}
      <p data-summary="zone-map" style={VISUALLY_HIDDEN}>
        {zones.map((z) => {
          const b = layout.bores.find((x) => x.tunnel.tunnelId === z.tunnelId);
          return b ? `${z.name}: ${b.tunnel.name} ${chainage(b, z.fromM)} – ${chainage(b, z.toM)}` : '';
        }).filter(Boolean).join('; ')}
      </p>
      {width > 0 ? (
        <Stage width={width} height={height} listening={false}>
          <Layer listening={false}>
            {layout.bores.map((b) => {
              const ax = axisOf(b);
              const bandX = (s: Span) => xOfMetres(ax, s.fromM);
              const bandW = (s: Span) => Math.max(2, xOfMetres(ax, s.toM) - xOfMetres(ax, s.fromM));
              const own = zonesOf(b.tunnel.tunnelId).reverse(); // longest first, the short ones on top
              const lanes = labelLanes(own.map((z) => (z.zoneId === moving && movedSpan ? { ...z, ...movedSpan } : z)), ax, fontPx);
              const labelY = (lane: number) => (lane % 2 === 0 ? b.bodyY - fontPx - 6 - Math.floor(lane / 2) * (fontPx + 2) : b.bodyY + b.bodyH + 6 + Math.floor(lane / 2) * (fontPx + 2));
              return (
                <Group key={b.tunnel.tunnelId}>
                  <Text x={8} y={b.bodyY + b.bodyH / 2 - fontPx / 2} width={layout.labelW - 16} text={b.tunnel.name} fontSize={fontPx} fontStyle="bold" fill={theme.text} wrap="none" ellipsis />
                  <Rect x={b.x0} y={b.bodyY} width={b.x1 - b.x0} height={b.bodyH} fill={colors.excavated} stroke={colors.edge} strokeWidth={1} />
                  {own.map((z, i) => {
                    const s = z.zoneId === moving && movedSpan ? movedSpan : z;
                    const color = PLAN_ZONE_COLOR[z.kind];
                    return (
                      <Group key={z.zoneId}>
                        <Rect x={bandX(s)} y={b.bodyY} width={bandW(s)} height={b.bodyH} fill={color} opacity={0.3} />
                        <Rect x={bandX(s)} y={b.bodyY} width={bandW(s)} height={b.bodyH} stroke={color} strokeWidth={z.zoneId === moving ? 3 : 1.5} dash={z.zoneId === moving ? [8, 4] : undefined} />
                        <Text x={Math.max(0, Math.min(bandX(s), width - nameW(z.name, fontPx) - 4))} y={labelY(lanes[i])} text={z.name} fontSize={fontPx} fill={theme.text} wrap="none" />
                        {editable
                          ? [s.fromM, s.toM].map((m, k) => (
                              <Rect key={k} x={xOfMetres(ax, m) - grabPx / 3} y={b.bodyY - 6} width={(grabPx * 2) / 3} height={b.bodyH + 12} fill={color} stroke={theme.text} strokeWidth={1} cornerRadius={3} />
                            ))
                          : null}
                      </Group>
                    );
                  })}
                  {fresh && fresh.tunnelId === b.tunnel.tunnelId ? (
                    <Group>
                      <Rect x={bandX(fresh.span)} y={b.bodyY - 4} width={bandW(fresh.span)} height={b.bodyH + 8} fill={theme.brand} opacity={0.35} />
                      <Rect x={bandX(fresh.span)} y={b.bodyY - 4} width={bandW(fresh.span)} height={b.bodyH + 8} stroke={theme.brand} strokeWidth={3} dash={[8, 4]} />
                    </Group>
                  ) : null}
                </Group>
              );
            })}
            <Line points={[layout.labelW, layout.axisY, width - 24, layout.axisY]} stroke={theme.textMuted} strokeWidth={1} />
            {layout.ticks.map((tick) => (
              <Group key={tick.label}>
                <Line points={[tick.x, layout.axisY, tick.x, layout.axisY + 5]} stroke={theme.textMuted} strokeWidth={1} />
                <Text x={tick.x - 80} width={160} align="center" y={layout.axisY + 8} text={tick.label} fontSize={fontPx} fill={theme.textMuted} />
              </Group>
            ))}
          </Layer>
        </Stage>
      ) : null}
      {editable ? (
        <div data-drag-readout style={{ height: readoutH, lineHeight: `${readoutH}px`, paddingLeft: layout.labelW, fontSize: fontPx, fontWeight: 600, color: theme.text, whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {readout ?? ''}
        </div>
      ) : null}
    </div>
  );
}

/** The span a drag stands for now (snapped), or null while it has no length. */
function spanOf(drag: Drag): Span | null {
  const ax = axisOf(drag.bore);
  return drag.kind === 'draw' ? dragSpan(ax, drag.startX, drag.x) : moveSpanEnd(ax, drag.zone, drag.end, drag.x);
}

/** Rough width (px) of a zone name at `fontPx`: about 0.6 em per character, a CJK character 1 em. */
function nameW(name: string, fontPx: number): number {
  let w = 0;
  for (const ch of name) w += ch.charCodeAt(0) > 0x2e80 ? 1 : 0.6;
  return Math.max(4, w) * fontPx;
}

/**
 * A label lane per span (in the order given) so that names do not overprint: a span takes the first lane
 * whose last name ends left of its start (a name about 0.6 em per character). Even lanes sit above the
 * bore, odd ones under it.
 */
function labelLanes(spans: ReadonlyArray<Span & { name?: string }>, ax: BoreAxis, fontPx: number): number[] {
  const ends: number[] = [];
  const order = spans.map((s, i) => ({ i, x: xOfMetres(ax, s.fromM), w: nameW(s.name ?? '', fontPx) + 8 })).sort((a, b) => a.x - b.x);
  const lanes = new Array<number>(spans.length).fill(0);
  for (const o of order) {
    let lane = ends.findIndex((end) => end <= o.x);
    if (lane < 0) lane = ends.push(0) - 1;
    ends[lane] = o.x + o.w;
    lanes[o.i] = lane;
  }
  return lanes;
}
