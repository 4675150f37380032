import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type Konva from 'konva';
import { Group, Layer, Line, Rect, Shape, Stage, Text } from 'react-konva';
import { formatChainage, type TunnelInfo } from '../../../protocol';
import { RefusedMessage, useDevices, useTelemetryTopic, useTunnels, useUnderground, type PersonnelFrame, type Underground } from '../../panelData';
import { formatBeijing, PanelMessage, useScreenMode, useThemeColors, VISUALLY_HIDDEN, type ScreenColors, type ScreenMode } from '../../components';
import type { PanelProps } from '../types';
import type { TunnelPersonnelConfig } from './index';
import { boreWorks, layoutTunnels, MAP_TEXT_PX, mapTextPx, ROCK_GRADE_COLOR, type BoreLayout } from './layout';
import { drawPeople, sosPoints, type PeopleScene } from './drawPeople';
import { HEADCOUNT_SLOT, offscreenPeopleSupported, PeopleCanvasHost, type PeopleCanvasSetup } from './peopleCanvas';
import { PersonnelLegend } from './Legend';
import { PersonTooltip, usePersonHover } from './personHover';
import { useScreenScale } from '../../components/mapText';
import { TUNNEL_MAP_COLORS } from '../../theme/tunnelMap';
import { VehicleMarks } from './VehicleMarks';
import { SupplyPointMarks } from './SupplyPointMarks';

// The bore follows the mode (src/theme/tunnelMap.ts); labels, axis and the lining band (brand colour) come
// from the theme, resolved for the canvas.
const MAP_COLORS = TUNNEL_MAP_COLORS;

/** One bore's static drawing: body, excavated spans, invert and lining bands, faces with rock grade. */
function BoreShape({ bore, chainageLabel, theme, mode, px }: { bore: BoreLayout; chainageLabel: (m: number) => string; theme: ScreenColors; mode: ScreenMode; px: (designPx: number) => number }) {
  const COLORS = MAP_COLORS[mode];
  const works = boreWorks(bore.tunnel);
  const w = (s: { fromM: number; toM: number }) => Math.max(0, bore.xOf(s.toM) - bore.xOf(s.fromM));
  const bandH = Math.max(3, bore.bodyH * 0.14);
  return (
    <Group listening={false}>
      <Text x={8} y={bore.bodyY} text={bore.tunnel.name} fontSize={px(MAP_TEXT_PX.boreName)} fontStyle="bold" fill={theme.text} />
      <Text x={bore.x0} y={bore.bodyY + bore.bodyH + 4} text={chainageLabel(0)} fontSize={px(MAP_TEXT_PX.chainage)} fill={theme.textMuted} />
      <Rect x={bore.x0} y={bore.bodyY} width={bore.x1 - bore.x0} height={bore.bodyH} fill={COLORS.rock} stroke={COLORS.edge} strokeWidth={1} dash={[4, 4]} />
      {works.excavated.map((s, i) => (
        <Rect key={`e${i}`} x={bore.xOf(s.fromM)} y={bore.bodyY} width={w(s)} height={bore.bodyH} fill={COLORS.excavated} />
      ))}
      {works.lining.map((s, i) => (
        <Rect key={`l${i}`} x={bore.xOf(s.fromM)} y={bore.bodyY} width={w(s)} height={bandH} fill={theme.brand} opacity={0.8} />
      ))}
      {works.invert.map((s, i) => (
        <Rect key={`i${i}`} x={bore.xOf(s.fromM)} y={bore.bodyY + bore.bodyH - bandH} width={w(s)} height={bandH} fill={COLORS.invert} opacity={0.8} />
      ))}
      {bore.tunnel.headings.map((h) => {
        const x = bore.xOf(h.faceM);
        const color = ROCK_GRADE_COLOR[h.rockGrade ?? 'none'];
        const facePx = px(MAP_TEXT_PX.face);
        const labelW = facePx * 9;
        return (
          <Group key={h.headingId}>
            <Rect x={x - 3} y={bore.bodyY - 4} width={6} height={bore.bodyH + 8} fill={color} cornerRadius={2} />
            <Text
              x={h.portal === 'entry' ? x + 6 : x - 6 - labelW}
              width={labelW}
              align={h.portal === 'entry' ? 'left' : 'right'}
              y={bore.bodyY + bore.bodyH + 4}
              text={`${chainageLabel(h.faceM)} ${h.rockGrade ?? '-'}`}
              fontSize={facePx}
              fontStyle="bold"
              fill={theme.text}
            />
          </Group>
        );
      })}
    </Group>
  );
}

/**
 * The tunnel personnel map at the board clock (latest fixes live; positions interpolated at the instant
 * in replay). Static parts (bores, works, faces, axis) are React-Konva nodes that change only with the
 * tunnel list or the size; people and heat bins are redrawn imperatively from the source's personnel frame
 * (usePersonnel, on the one frame scheduler), so 200 people cost no React renders: in a worker on an
 * OffscreenCanvas where the browser has one (peopleCanvas.ts: the page's main thread only forwards the
 * frame), else as one Konva Shape on the page.
 */
export const TunnelPersonnelPanel = observer(function TunnelPersonnelPanel({ config, width, height }: PanelProps<TunnelPersonnelConfig>) {
  const tunnels = useTunnels();
  const devices = useDevices();
  const { t } = useLingui();
  const wanted = config.tunnelIds;
  const shown = useMemo(
    () => (wanted ? tunnels.tunnels.filter((x) => wanted.includes(x.tunnelId)) : [...tunnels.tunnels]),
    [tunnels.tunnels, wanted],
  );
  const hostRef = useRef<HTMLDivElement>(null);
  // canvas text grows with the board's scale to the screen, never drawn under 12 screen px (mapTextPx)
  const refusal = useTelemetryTopic('beacon');
  const screenScale = useScreenScale(hostRef, !refusal && shown.length > 0);
  const px = useMemo(() => (designPx: number) => mapTextPx(designPx, screenScale), [screenScale]);
  const layout = useMemo(() => layoutTunnels(shown, width, height, px(MAP_TEXT_PX.tick)), [shown, width, height, px]);
  const layerRef = useRef<Konva.Layer>(null);
  /** Holds one pulsing halo per person in SOS, animated by CSS over the canvas (no redraw per animation frame). */
  const sosRef = useRef<HTMLDivElement>(null);
  /** Text twin of the canvas for screen readers and tests: headcount per bore and who is in SOS. */
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const sceneRef = useRef<PeopleScene>({
    layout,
    frame: null,
    binM: config.binM,
    nameOf: (sn) => devices.get(sn)?.name ?? sn,
    headcountLabel: (n) => t`${n} people`,
    labelColor: '',
    textPx: px,
  });
  // who is drawn is the headcount rule's (underground.ts, shared with the headline): a silent tag still
  // counted and a person in SOS put back carry their last fix's time in their label
  const silentRef = useRef(new Map<string, number>());
  sceneRef.current.nameOf = (sn) => {
    const name = devices.get(sn)?.name ?? sn;
    const fixMs = silentRef.current.get(sn);
    if (fixMs === undefined) return name;
    const time = formatBeijing(fixMs, 'HH:mm:ss');
    return t`${name} · last fix ${time}`;
  };
  sceneRef.current.layout = layout;
  sceneRef.current.textPx = px;
  sceneRef.current.binM = config.binM;
  sceneRef.current.headcountLabel = (n) => t`${n} people`;
  const theme = useThemeColors();
  sceneRef.current.labelColor = theme.text;
  // the translated "{n} people" with a slot for the count, for the worker to fill in (same message as above)
  const n = HEADCOUNT_SLOT;
  const headcountTemplate = t`${n} people`;
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const offscreen = useOffscreenPeople(canvasHostRef, !refusal && shown.length > 0, {
    tunnels: shown,
    width,
    height,
    screenScale,
    binM: config.binM,
    labelColor: theme.text,
    headcountTemplate,
  });
  const mode = useScreenMode();

  const showFrame = ({ frame, silentSince }: Underground) => {
    silentRef.current = silentSince;
    sceneRef.current.frame = frame;
    if (offscreen.current) offscreen.current.show(frame, sceneRef.current.nameOf);
    else layerRef.current?.batchDraw();
    placeSosHalos(sosRef.current, sosPoints(sceneRef.current));
    // written only when it changed: a DOM change costs the page a style pass and a commit
    const summary = summarise(frame, shown, sceneRef.current);
    if (summaryRef.current && summaryRef.current.textContent !== summary) summaryRef.current.textContent = summary;
  };
  useUnderground(shown, { greyAfterMs: config.staleMs, binM: config.binM }, showFrame, hostRef);

  useEffect(() => {
    layerRef.current?.batchDraw();
    placeSosHalos(sosRef.current, sosPoints(sceneRef.current));
  }, [layout]);
  // people are clickable (their card) and show a tooltip on hover
  const picked = usePersonHover(hostRef, sceneRef, { width, height }, !refusal && shown.length > 0);

  if (refusal) return <RefusedMessage reason={refusal} />;
  if (shown.length === 0) {
    return <PanelMessage>{tunnels.loaded ? <Trans>No tunnels in this project</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  }
  const chainageOf = (bore: BoreLayout) => (m: number) => formatChainage(Math.max(0, bore.tunnel.startChainageM + m));
  return (
    <div ref={hostRef} data-headcount-px={px(MAP_TEXT_PX.headcount)} style={{ position: 'relative', width, height }}>
      <p ref={summaryRef} data-summary="personnel" style={VISUALLY_HIDDEN} />
      {picked ? <PersonTooltip picked={picked} scene={sceneRef.current} startChainageM={shown.find((x) => x.tunnelId === picked.tunnelId)?.startChainageM ?? 0} /> : null}
    <Stage width={width} height={height} listening={false}>
      <Layer listening={false}>
        {layout.bores.map((b) => (
          <BoreShape key={b.tunnel.tunnelId} bore={b} chainageLabel={chainageOf(b)} theme={theme} mode={mode} px={px} />
        ))}
        <Line points={[layout.labelW, layout.axisY, width - 24, layout.axisY]} stroke={theme.textMuted} strokeWidth={1} />
        {layout.ticks.map((tick) => (
          <Group key={tick.label}>
            <Line points={[tick.x, layout.axisY, tick.x, layout.axisY + 5]} stroke={theme.textMuted} strokeWidth={1} />
            <Text x={tick.x - 60} width={120} align="center" y={layout.axisY + 8} text={tick.label} fontSize={px(MAP_TEXT_PX.tick)} fill={theme.textMuted} />
          </Group>
        ))}
      </Layer>
      {offscreenPeopleSupported() ? null : (
        <Layer ref={layerRef} listening={false}>
          <Shape listening={false} sceneFunc={(con) => void drawPeople(con._context, sceneRef.current, performance.now(), 'people')} />
        </Layer>
      )}
    </Stage>
      <div ref={canvasHostRef} data-people-layer style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
      <div ref={sosRef} style={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }} />
      <SupplyPointMarks bores={layout.bores} enabled={config.supplyPoints} px={px} />
      <VehicleMarks bores={layout.bores} tunnels={shown} width={width} px={px} />
      <PersonnelLegend binM={config.binM} liningColor={theme.brand} invertColor={MAP_COLORS[mode].invert} />
    </div>
  );
});

/**
 * Where the browser can, the people layer's canvas lives in `host` and is drawn by a worker
 * (PeopleCanvasHost); the returned ref holds that host while `mounted`, else null (draw with Konva).
 * The canvas element is made here, not by React: a canvas can be handed to a worker only once, and
 * React may run this effect twice on one element. `setup` is posted whenever it changes; the host div
 * carries `data-people-drawn`, the people the worker's last draw showed.
 */
function useOffscreenPeople(host: RefObject<HTMLDivElement | null>, mounted: boolean, setup: Omit<PeopleCanvasSetup, 'pixelRatio'>): RefObject<PeopleCanvasHost | null> {
  const ref = useRef<PeopleCanvasHost | null>(null);
  useLayoutEffect(() => {
    const el = host.current;
    if (!el || !offscreenPeopleSupported()) return;
    const canvas = document.createElement('canvas');
    canvas.style.cssText = 'position:absolute;left:0;top:0;width:100%;height:100%';
    el.appendChild(canvas);
    const people = new PeopleCanvasHost(canvas, (n) => {
      if (el.getAttribute('data-people-drawn') !== String(n)) el.setAttribute('data-people-drawn', String(n));
    });
    ref.current = people;
    return () => {
      ref.current = null;
      people.dispose();
      canvas.remove();
    };
  }, [host, mounted]);
  const key = JSON.stringify(setup);
  useLayoutEffect(() => {
    ref.current?.setup({ ...setup, pixelRatio: typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1 });
    // `key` stands for the setup's content
  }, [key, mounted]);
  return ref;
}

/**
 * One halo per SOS point (canvas px), reusing the elements: CSS animates them (`sb-sos-pulse` in
 * styles.css, the compositor's work), so only a new personnel frame touches the DOM.
 */
function placeSosHalos(host: HTMLDivElement | null, points: Array<{ x: number; y: number }>): void {
  if (!host) return;
  while (host.children.length > points.length) host.lastElementChild!.remove();
  while (host.children.length < points.length) {
    const halo = document.createElement('span');
    halo.className = 'sb-sos-pulse';
    halo.setAttribute('data-sos-halo', '');
    host.appendChild(halo);
  }
  points.forEach((p, i) => {
    const halo = host.children[i] as HTMLElement;
    halo.style.left = `${p.x}px`;
    halo.style.top = `${p.y}px`;
  });
}

/**
 * One line per bore ("Left bore: 73 people", the headcount rule's count, as the headline shows it) plus
 * the names of people in SOS with their chainage.
 */
function summarise(frame: PersonnelFrame, shown: readonly TunnelInfo[], scene: PeopleScene): string {
  const parts: string[] = [];
  const sos: string[] = [];
  for (const t of frame.tunnels) {
    const name = shown.find((x) => x.tunnelId === t.tunnelId)?.name ?? t.tunnelId;
    parts.push(`${name}: ${scene.headcountLabel(t.sns.length)}`);
    const bore = shown.find((x) => x.tunnelId === t.tunnelId);
    t.sos.forEach((flag, i) => {
      // where they are, as on the map's axis (replay checks it against what the device sent)
      if (flag) sos.push(`${scene.nameOf(t.sns[i])} (${formatChainage(Math.max(0, (bore?.startChainageM ?? 0) + t.chainageM[i]))})`);
    });
  }
  if (sos.length) parts.push(`SOS: ${sos.join(', ')}`);
  return parts.join('; ');
}

