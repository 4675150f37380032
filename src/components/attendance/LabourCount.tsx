import type { CSSProperties } from 'react';
import { Trans } from '@lingui/react/macro';
import type { AttendanceLive } from '../../../protocol';
import { STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';

/**
 * The live labour count (attendance/live): on site by the gates, present, late and absent today, and per
 * bore the gates' count beside the beacons' count (two sources, both shown; a difference is what the
 * discrepancy list explains). `fontPx` ≥ 12.
 */
export function LabourCount({ live, fontPx = 16 }: { live: AttendanceLive; fontPx?: number }) {
  const big: CSSProperties = { fontSize: Math.round(fontPx * 2), fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.1 };
  const label: CSSProperties = { fontSize: fontPx, color: SCREEN.textMuted };
  const cell: CSSProperties = { padding: `2px ${Math.round(fontPx * 0.6)}px`, textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };
  const figure = (key: string, value: number, text: React.ReactNode, color?: string) => (
    <div key={key} data-labour-figure={key} style={{ display: 'grid', gap: 2 }}>
      <span style={{ ...big, color }}>{value}</span>
      <span style={label}>{text}</span>
    </div>
  );
  return (
    <div style={{ display: 'grid', gap: Math.round(fontPx * 0.8), fontSize: fontPx }} data-labour-count>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: Math.round(fontPx * 1.6) }}>
        {figure('onSite', live.onSite, <Trans>On site (gates)</Trans>)}
        {figure('present', live.presentToday, <Trans>Present today of {live.registered}</Trans>)}
        {figure('late', live.late, <Trans>Late</Trans>, live.late > 0 ? STATUS_COLOR.warning : undefined)}
        {figure('absent', live.absent, <Trans>Absent</Trans>)}
        {figure('discrepancies', live.discrepancyCount, <Trans>Discrepancies</Trans>, live.discrepancyCount > 0 ? STATUS_COLOR.warning : undefined)}
        {figure('unknown', live.unknownPeople, <Trans>Unknown faces today</Trans>)}
      </div>
      <table style={{ borderCollapse: 'collapse' }}>
        <thead>
          <tr style={{ color: SCREEN.textMuted }}>
            <th style={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
              <Trans>Bore</Trans>
            </th>
            <th style={{ ...cell, fontWeight: 400 }}>
              <Trans>In by gates</Trans>
            </th>
            <th style={{ ...cell, fontWeight: 400 }}>
              <Trans>In by beacons</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {live.bores.map((b) => (
            <tr key={b.tunnelId} data-bore-count={b.tunnelId} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
              <td style={{ ...cell, textAlign: 'left' }}>{b.name}</td>
              <td style={cell} data-by-gates>
                {b.byGates}
              </td>
              <td style={{ ...cell, color: b.byBeacons !== b.byGates ? STATUS_COLOR.warning : undefined }} data-by-beacons>
                {b.byBeacons}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
