import type { CSSProperties } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AttendanceLive } from '../../../protocol';
import { formatBeijing } from '../../format/time';
import { STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';
import { DISCREPANCY_LABEL } from './labels';

/**
 * The attendance discrepancies (attendance/live): people the gates and the beacons place differently, a
 * warning-level notice for the labour manager, not an alarm (docs/domain.md "Labour attendance"). `fontPx` ≥ 12.
 */
export function DiscrepancyList({ live, fontPx = 14, max }: { live: AttendanceLive; fontPx?: number; max?: number }) {
  const { i18n } = useLingui();
  const cell: CSSProperties = { padding: `2px ${Math.round(fontPx * 0.5)}px`, textAlign: 'left', whiteSpace: 'nowrap' };
  const names = new Map(live.bores.map((b) => [b.tunnelId, b.name]));
  const rows = max === undefined ? live.discrepancies : live.discrepancies.slice(0, max);
  if (live.discrepancyCount === 0) {
    return (
      <p style={{ margin: 0, fontSize: fontPx, color: SCREEN.textMuted }} data-discrepancies="0">
        <Trans>Gates and beacons agree.</Trans>
      </p>
    );
  }
  return (
    <table style={{ borderCollapse: 'collapse', fontSize: fontPx }} data-discrepancies={live.discrepancyCount}>
      <tbody>
        {rows.map((d) => (
          <tr key={d.personId} data-discrepancy={d.personId} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
            <td style={{ ...cell, color: STATUS_COLOR.warning }}>▲ {i18n._(DISCREPANCY_LABEL[d.kind])}</td>
            <td style={{ ...cell, fontWeight: 600 }}>{d.name}</td>
            <td style={cell}>{d.team}</td>
            <td style={cell}>{names.get(d.tunnelId) ?? d.tunnelId}</td>
            <td style={{ ...cell, fontVariantNumeric: 'tabular-nums' }}>
              <Trans>since {formatBeijing(d.sinceMs, 'HH:mm')}</Trans>
            </td>
          </tr>
        ))}
        {rows.length < live.discrepancyCount ? (
          <tr>
            <td colSpan={5} style={{ ...cell, color: SCREEN.textMuted }}>
              <Trans>and {live.discrepancyCount - rows.length} more</Trans>
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
