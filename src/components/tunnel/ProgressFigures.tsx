import type { CSSProperties } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HeadingFigures, StepDistance, TunnelProgressAt } from '../../../protocol';
import { STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';
import { formatNumber } from '../../format/number';
import { chainageOf } from './BoreProgress';

const m1 = (v: number) => `${formatNumber(v, 1)} m`;

/** A step distance against its limit: "36.5 / 35 m", in the warning colour with a word when over (not only a red number). */
function Step({ d }: { d: StepDistance }) {
  return (
    <span data-step-exceeded={d.exceeded} style={{ color: d.exceeded ? STATUS_COLOR.warning : undefined, fontWeight: d.exceeded ? 700 : undefined }}>
      {`${formatNumber(d.distanceM, 1)} / ${formatNumber(d.limitM, 0)} m`}
      {d.exceeded ? (
        <>
          {' ▲ '}
          <Trans>over limit</Trans>
        </>
      ) : null}
    </span>
  );
}

/**
 * The progress figures of some bores (tunnel/progress/figures): per heading its face chainage and grade,
 * excavation today, this month and in total, % of the bore's design length, and the invert→face and
 * lining→face distances against the limits of the face's grade; per bore the sums. `fontPx` ≥ 12.
 */
export function ProgressFigures({ bores, fontPx = 14, compact = false }: { bores: readonly TunnelProgressAt[]; fontPx?: number; compact?: boolean }) {
  const { t } = useLingui();
  const cell: CSSProperties = { padding: `2px ${Math.round(fontPx * 0.5)}px`, whiteSpace: 'nowrap', textAlign: 'right', fontVariantNumeric: 'tabular-nums' };
  const head: CSSProperties = { ...cell, fontWeight: 400, opacity: 0.75 };
  const first: CSSProperties = { ...cell, textAlign: 'left' };
  const row = (name: string, f: Pick<HeadingFigures, 'today' | 'month' | 'total'>, pctOfDesign: number, extra: HeadingFigures | null, key: string, bold = false) => (
    <tr key={key} data-figures-row={key} style={{ borderTop: `1px solid ${SCREEN.panelBorder}`, fontWeight: bold ? 700 : undefined }}>
      <td style={first}>{name}</td>
      {compact ? null : <td style={cell}>{extra?.grade ?? ''}</td>}
      <td style={cell} data-today>{m1(f.today.faceM)}</td>
      <td style={cell}>{m1(f.month.faceM)}</td>
      <td style={cell}>{m1(f.total.faceM)}</td>
      <td style={cell} data-pct>{`${formatNumber(pctOfDesign, 1)} %`}</td>
      {compact ? null : <td style={cell}>{m1(f.total.invertM)}</td>}
      {compact ? null : <td style={cell}>{m1(f.total.liningM)}</td>}
      <td style={cell}>{extra ? <Step d={extra.invertToFace} /> : ''}</td>
      <td style={cell}>{extra ? <Step d={extra.liningToFace} /> : ''}</td>
    </tr>
  );
  return (
    <table aria-label={t`Progress figures`} style={{ borderCollapse: 'collapse', width: '100%', fontSize: fontPx, color: SCREEN.text }}>
      <thead>
        <tr>
          <th style={{ ...head, textAlign: 'left' }}><Trans>Heading</Trans></th>
          {compact ? null : <th style={head}><Trans>Grade</Trans></th>}
          <th style={head}><Trans>Today</Trans></th>
          <th style={head}><Trans>This month</Trans></th>
          <th style={head}><Trans>Excavated</Trans></th>
          <th style={head}><Trans>% of design</Trans></th>
          {compact ? null : <th style={head}><Trans>Invert</Trans></th>}
          {compact ? null : <th style={head}><Trans>Lining</Trans></th>}
          <th style={head}><Trans>Invert → face</Trans></th>
          <th style={head}><Trans>Lining → face</Trans></th>
        </tr>
      </thead>
      <tbody>
        {bores.flatMap(({ tunnel, figures }) => [
          ...figures.headings.map((h) => {
            const heading = tunnel.headings.find((x) => x.headingId === h.headingId);
            const name = heading ? (compact ? heading.name : `${heading.name} ${chainageOf(tunnel, heading.faceM)}`) : h.headingId;
            return row(name, h, h.pctOfDesign, h, h.headingId);
          }),
          row(tunnel.name, figures, figures.pctOfDesign.faceM, null, tunnel.tunnelId, true),
        ])}
      </tbody>
    </table>
  );
}
