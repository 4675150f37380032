import { Trans, useLingui } from '@lingui/react/macro';
import type { SprayState } from '../../../protocol';
import { PanelMessage, SCREEN, STATUS_COLOR, LEVEL_COLOR, usePageTurns, tablePages } from '../../components';
import { useSprayText } from '../../components/environment/sprayText';
import { useSprayStates } from '../../panelData';
import type { PanelProps } from '../types';
import type { SprayStateConfig } from './index';

const FONT_PX = 20;
const ROW_PX = 36;
/** Seconds a page of cannons stays before the next. */
const PAGE_S = 10;

/**
 * The fog cannons live (useSprayStates): per cannon a lamp and its state (spraying, off, offline, not
 * reported yet), the mode, the linkage (monitor, metric and limit) and the last command with who sent it,
 * when, and the device's answer. Rows that do not fit turn in pages.
 */
export function SprayStatePanel({ height }: PanelProps<SprayStateConfig>) {
  const { data, failed, live } = useSprayStates();
  if (!live) {
    return (
      <PanelMessage>
        <Trans>The fog cannons' state is shown live only</Trans>
      </PanelMessage>
    );
  }
  if (!data) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>The fog cannons could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  if (data.length === 0) return <PanelMessage>{<Trans>No fog cannons</Trans>}</PanelMessage>;
  return <SprayRows cannons={data} height={height} />;
}

function SprayRows({ cannons, height }: { cannons: readonly SprayState[]; height: number }) {
  const { t } = useLingui();
  const text = useSprayText();
  const fit = Math.floor((height - ROW_PX) / ROW_PX);
  const { perPage, pages } = tablePages(cannons.length, 0, fit, fit - 1);
  const page = usePageTurns(pages, PAGE_S);
  const shown = cannons.slice(page * perPage, page * perPage + perPage);
  const th = { textAlign: 'left' as const, color: SCREEN.textMuted, fontWeight: 400, padding: '0 8px', whiteSpace: 'nowrap' as const };
  const td = { padding: '0 8px', whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 0 };
  return (
    <div style={{ height: '100%', fontSize: FONT_PX }} data-spray-state>
      <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
        <colgroup>
          <col style={{ width: '24%' }} />
          <col style={{ width: '16%' }} />
          <col style={{ width: '12%' }} />
          <col style={{ width: '20%' }} />
          <col style={{ width: '28%' }} />
        </colgroup>
        <thead>
          <tr style={{ height: ROW_PX }}>
            <th style={th}>
              <Trans>Fog cannon</Trans>
            </th>
            <th style={th}>
              <Trans>State</Trans>
            </th>
            <th style={th}>
              <Trans>Mode</Trans>
            </th>
            <th style={th}>
              <Trans>Linkage</Trans>
            </th>
            <th style={th}>
              <Trans>Last command</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((s) => {
            const state = text.state(s);
            const c = s.lastCommand;
            const command = text.lastCommand(c, 'HH:mm');
            const linkage = s.linkage ? `${s.linkage.stationSn} · ${s.linkage.metric.toUpperCase()} > ${s.linkage.onAbove}` : t`not linked`;
            return (
              <tr key={s.sn} data-cannon={s.sn} data-spraying={String(s.spraying)} style={{ height: ROW_PX, borderTop: `1px solid ${SCREEN.panelBorder}` }}>
                <td style={td} title={s.name}>
                  <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 7, marginRight: 8, background: s.online && s.spraying ? STATUS_COLOR.online : SCREEN.textMuted }} />
                  {s.name}
                </td>
                <td style={{ ...td, color: s.online && s.spraying ? STATUS_COLOR.online : SCREEN.text }} data-state>
                  {state}
                </td>
                <td style={td} data-mode={s.mode}>
                  {text.mode(s)}
                </td>
                <td style={td} title={linkage}>
                  {linkage}
                </td>
                <td style={{ ...td, color: c && (c.result === 'refused' || c.result === 'unacknowledged') ? LEVEL_COLOR.warning : SCREEN.text }} title={command} data-last-command>
                  {command}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pages > 1 ? (
        <div style={{ textAlign: 'right', color: SCREEN.textMuted }}>
          {page + 1} / {pages}
        </div>
      ) : null}
    </div>
  );
}
