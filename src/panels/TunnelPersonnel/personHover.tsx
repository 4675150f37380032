import { useEffect, useState, type RefObject } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatChainage } from '../../../protocol';
import type { PeopleScene } from './drawPeople';

/** How far (px, in the panel's own pixels) from a person's dot a pointer still picks them. */
export const PICK_RADIUS_PX = 8;

/**
 * How far (px) the person already under the pointer may walk off it and stay picked: people move while
 * the pointer rests, and the click must open the card of the person whose tooltip is showing, not nobody
 * or a neighbour who stepped closer (hysteresis, as for any moving hit target).
 */
export const KEEP_RADIUS_PX = 2 * PICK_RADIUS_PX;

/** The person under a point of the map, with where their dot is. */
export interface PickedPerson {
  sn: string;
  tunnelId: string;
  chainageM: number;
  /** The dot's x and the bore body's top, in panel pixels (for the tooltip). */
  x: number;
  y: number;
}

/**
 * The person nearest to (`x`, `y`) (panel pixels) along a bore, within PICK_RADIUS_PX horizontally, when
 * the point lies on a bore (heat strip to body bottom). Pure; people are dots on a one-dimensional bore,
 * so the horizontal distance decides. `keepSn`: the person picked until now, who stays picked while
 * within KEEP_RADIUS_PX even when another is nearer. Null when nobody is there.
 */
export function personAt(scene: Pick<PeopleScene, 'layout' | 'frame'>, x: number, y: number, keepSn?: string): PickedPerson | null {
  const { layout, frame } = scene;
  if (!frame) return null;
  for (const bore of layout.bores) {
    if (y < bore.heatY - 4 || y > bore.bodyY + bore.bodyH + 4) continue;
    const t = frame.tunnels.find((f) => f.tunnelId === bore.tunnel.tunnelId);
    if (!t) return null;
    let best = -1;
    let bestDx = PICK_RADIUS_PX + 1;
    for (let i = 0; i < t.sns.length; i++) {
      const dx = Math.abs(bore.xOf(t.chainageM[i]) - x);
      if (t.sns[i] === keepSn && dx <= KEEP_RADIUS_PX) {
        best = i;
        break;
      }
      if (dx < bestDx) {
        bestDx = dx;
        best = i;
      }
    }
    return best < 0 ? null : { sn: t.sns[best], tunnelId: t.tunnelId, chainageM: t.chainageM[best], x: bore.xOf(t.chainageM[best]), y: bore.bodyY };
  }
  return null;
}

/**
 * Hover and click on people of the map: the person under the pointer gets a tooltip (name, chainage),
 * and the panel's host element carries their beacon as `data-sn`, so a click opens their card through
 * the board's device click (src/board/deviceClick.ts → the person card for beacons). Listens on `host`
 * (the canvas stage does not listen, to stay cheap); coordinates are scaled back from the board's zoom.
 * `mounted`: whether the host element is rendered now (the panel shows a message instead while loading).
 */
export function usePersonHover(host: RefObject<HTMLDivElement | null>, scene: RefObject<PeopleScene>, size: { width: number; height: number }, mounted: boolean): PickedPerson | null {
  const [picked, setPicked] = useState<PickedPerson | null>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const pick = (e: PointerEvent) => {
      const rect = el.getBoundingClientRect();
      const x = ((e.clientX - rect.left) * size.width) / Math.max(1, rect.width);
      const y = ((e.clientY - rect.top) * size.height) / Math.max(1, rect.height);
      const p = personAt(scene.current, x, y, el.dataset.sn);
      if (p) el.dataset.sn = p.sn;
      else delete el.dataset.sn;
      el.style.cursor = p ? 'pointer' : '';
      setPicked((old) => (old?.sn === p?.sn && old?.x === p?.x ? old : p));
    };
    const leave = () => {
      delete el.dataset.sn;
      setPicked(null);
    };
    el.addEventListener('pointermove', pick);
    el.addEventListener('pointerdown', pick);
    el.addEventListener('pointerleave', leave);
    return () => {
      el.removeEventListener('pointermove', pick);
      el.removeEventListener('pointerdown', pick);
      el.removeEventListener('pointerleave', leave);
    };
  }, [host, scene, size.width, size.height, mounted]);
  return picked;
}

/** The hover tooltip of a picked person: name and chainage. */
export function PersonTooltip({ picked, scene, startChainageM }: { picked: PickedPerson; scene: PeopleScene; startChainageM: number }) {
  return (
    <div
      role="tooltip"
      data-person-tooltip={picked.sn}
      style={{
        position: 'absolute',
        left: Math.max(0, picked.x - 90),
        top: Math.max(0, picked.y - 58),
        width: 180,
        padding: '4px 8px',
        borderRadius: 4,
        background: 'rgba(15, 23, 42, 0.92)',
        color: '#f8fafc',
        fontSize: 14,
        lineHeight: 1.4,
        pointerEvents: 'none',
        textAlign: 'center',
        zIndex: 2,
      }}
    >
      <strong>{scene.nameOf(picked.sn)}</strong>
      <br />
      {formatChainage(startChainageM + picked.chainageM)} · <Trans>click for card</Trans>
    </div>
  );
}
