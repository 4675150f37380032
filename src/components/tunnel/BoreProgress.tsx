import type { CSSProperties } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatChainage, rockGradeSchema, type Heading, type RockGrade, type TunnelInfo } from '../../../protocol';
import { ROCK_GRADE_COLOR } from '../../theme/rockGrade';
import { SCREEN } from '../../theme/theme';


/** What each grade means, for the legend (docs/domain.md "Tunnel progress"). */
export const GRADE_LABEL: Record<Exclude<RockGrade, null>, MessageDescriptor> = {
  I: msg`Grade I`,
  II: msg`Grade II`,
  III: msg`Grade III`,
  IV: msg`Grade IV`,
  V: msg`Grade V`,
  VI: msg`Grade VI`,
};

/** Colours of the works along a bore. */
export const WORK_COLOR = { excavated: '#64748b', invert: '#a78bfa', lining: '#38bdf8', waterproof: '#f472b6', face: '#f8fafc' } as const;

const pct = (m: number, lengthM: number) => `${Math.max(0, Math.min(100, (m / lengthM) * 100))}%`;

/** The chainage of a position of a bore (metres from its entry portal) as K12+345. */
export function chainageOf(tunnel: Pick<TunnelInfo, 'startChainageM'>, m: number): string {
  return formatChainage(tunnel.startChainageM + m);
}

/** The stretch of a bore from a heading's portal to `toM` (left to right, metres from the entry portal). */
export function fromPortal(h: Heading, toM: number, lengthM: number): { fromM: number; toM: number } {
  return h.portal === 'entry' ? { fromM: 0, toM } : { fromM: toM, toM: lengthM };
}

/**
 * One bore drawn along its length, entry portal on the left: the surrounding-rock grade of each stretch
 * (a band under the bore), what is excavated from each portal to its face, the invert, the waterproofing and
 * the second lining behind it, and each face with its chainage and grade. `fontPx` is the label size
 * (≥ 12 px; a wall screen passes more). Labels are HTML, so they keep their size whatever the width.
 */
export function BoreProgress({ tunnel, fontPx = 14 }: { tunnel: TunnelInfo; fontPx?: number }) {
  const { i18n } = useLingui();
  const L = tunnel.lengthM;
  const bar = (fromM: number, toM: number, top: number, height: number, background: string, extra: CSSProperties = {}): CSSProperties => ({
    position: 'absolute',
    left: pct(fromM, L),
    width: pct(toM - fromM, L),
    top,
    height,
    background,
    ...extra,
  });
  const rowH = fontPx * 1.4;
  const boreTop = rowH + 4;
  const boreH = Math.round(fontPx * 2.2);
  const gradeTop = boreTop + boreH + 4;
  const gradeH = Math.round(fontPx * 0.9);
  return (
    <div data-bore={tunnel.tunnelId} style={{ fontSize: fontPx, color: SCREEN.text }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', opacity: 0.8 }}>
        <span>{chainageOf(tunnel, 0)}</span>
        <strong style={{ opacity: 1 }}>{tunnel.name}</strong>
        <span>{chainageOf(tunnel, L)}</span>
      </div>
      <div style={{ position: 'relative', height: gradeTop + gradeH + rowH + 6 }}>
        <div style={bar(0, L, boreTop, boreH, 'transparent', { border: `1px dashed ${SCREEN.textMuted}`, boxSizing: 'border-box' })} />
        {tunnel.headings.map((h) => {
          const dug = fromPortal(h, h.faceM, L);
          const inv = fromPortal(h, h.invertM, L);
          const lin = fromPortal(h, h.liningM, L);
          const wp = h.waterproofM == null ? null : fromPortal(h, h.waterproofM, L);
          return (
            <div key={h.headingId} data-heading={h.headingId} data-face-m={h.faceM}>
              <div style={bar(dug.fromM, dug.toM, boreTop, boreH, WORK_COLOR.excavated)} title={i18n._(msg`Excavated`)} />
              {wp ? <div style={bar(wp.fromM, wp.toM, boreTop + 2, 4, WORK_COLOR.waterproof)} /> : null}
              <div style={bar(lin.fromM, lin.toM, boreTop + boreH * 0.2, boreH * 0.45, WORK_COLOR.lining)} title={i18n._(msg`Second lining`)} />
              <div style={bar(inv.fromM, inv.toM, boreTop + boreH - 6, 6, WORK_COLOR.invert)} title={i18n._(msg`Invert`)} />
              <div style={bar(h.faceM, h.faceM, boreTop - 4, boreH + 8, 'transparent', { borderLeft: `3px solid ${WORK_COLOR.face}`, width: 0 })} />
              <div
                data-face-label
                style={{
                  position: 'absolute',
                  top: 0,
                  left: pct(h.faceM, L),
                  transform: h.portal === 'entry' ? 'translateX(-100%)' : 'none',
                  padding: '0 6px',
                  whiteSpace: 'nowrap',
                  fontWeight: 600,
                }}
              >
                {`${h.name} ${chainageOf(tunnel, h.faceM)}${h.rockGrade ? ` · ${h.rockGrade}` : ''}`}
              </div>
            </div>
          );
        })}
        {(tunnel.rockSegments ?? []).map((s) => (
          <div key={`${s.fromM}-${s.toM}`} data-grade={s.grade} style={bar(s.fromM, s.toM, gradeTop, gradeH, ROCK_GRADE_COLOR[s.grade])} title={`${i18n._(GRADE_LABEL[s.grade])} ${chainageOf(tunnel, s.fromM)}–${chainageOf(tunnel, s.toM)}`} />
        ))}
      </div>
    </div>
  );
}

/** The legend of the bore drawing: the grades present, then the works. */
export function BoreLegend({ grades, fontPx = 14 }: { grades: ReadonlyArray<Exclude<RockGrade, null>>; fontPx?: number }) {
  const { i18n } = useLingui();
  const swatch = (color: string): CSSProperties => ({ display: 'inline-block', width: fontPx * 1.4, height: fontPx * 0.8, background: color, marginRight: 6, verticalAlign: 'middle' });
  const item: CSSProperties = { whiteSpace: 'nowrap' };
  return (
    <div data-legend style={{ display: 'flex', flexWrap: 'wrap', gap: `4px ${fontPx * 1.2}px`, fontSize: fontPx, color: SCREEN.text, alignItems: 'center' }}>
      <strong>
        <Trans>Surrounding rock</Trans>
      </strong>
      {grades.map((g) => (
        <span key={g} style={item} data-legend-grade={g}>
          <span style={swatch(ROCK_GRADE_COLOR[g])} />
          {i18n._(GRADE_LABEL[g])}
        </span>
      ))}
      <span style={item}>
        <span style={swatch(WORK_COLOR.excavated)} />
        <Trans>Excavated</Trans>
      </span>
      <span style={item}>
        <span style={swatch(WORK_COLOR.invert)} />
        <Trans>Invert</Trans>
      </span>
      <span style={item}>
        <span style={swatch(WORK_COLOR.lining)} />
        <Trans>Second lining</Trans>
      </span>
      <span style={item}>
        <span style={swatch(WORK_COLOR.waterproof)} />
        <Trans>Waterproofing</Trans>
      </span>
      <span style={item}>
        <span style={{ ...swatch('transparent'), width: 0, borderLeft: `3px solid ${WORK_COLOR.face}`, height: fontPx }} />
        <Trans>Face</Trans>
      </span>
    </div>
  );
}

/** The grades of some bores' segments, in grade order (the legend's entries). */
export function gradesOf(tunnels: readonly TunnelInfo[]): Array<Exclude<RockGrade, null>> {
  const seen = new Set(tunnels.flatMap((t) => (t.rockSegments ?? []).map((s) => s.grade)));
  return rockGradeSchema.unwrap().options.filter((g) => seen.has(g));
}
