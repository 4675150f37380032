import { Trans, useLingui } from '@lingui/react/macro';
import type { RecorderState, SystemStatus } from '../../../protocol';
import { formatDisplayNumber } from '../../format/number';
import { formatBeijing, formatDuration } from '../../format/time';
import { SCREEN } from '../../theme/theme';
import { STATUS_COLOR } from '../../theme/status';

/** A recorder state's colour (the board's status hues): recording green, starting amber, retrying red, stopped grey. */
const STATE_COLOR: Record<RecorderState, string> = {
  recording: STATUS_COLOR.online,
  starting: STATUS_COLOR.warning,
  retrying: STATUS_COLOR.alarm,
  stopped: STATUS_COLOR.offline,
};

const cell = { padding: '4px 12px', borderBottom: `1px solid ${SCREEN.textMuted}33`, textAlign: 'left' as const, fontSize: 14 };
const numberCell = { ...cell, textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' };

/** Bytes as megabytes with one decimal ("12.3 MB"). */
function megabytes(bytes: number): string {
  return `${formatDisplayNumber(bytes / 1_000_000, 1)} MB`;
}

/**
 * The status page's table of this node's recordings (docs/operations.md "Recording"): per camera its state
 * as a coloured dot and a word, since when, the newest segment's age ("12 s ago", counted from the answer's
 * time), restarts after failures, disk use and the last error; above it the disk use against the cap and
 * the retention in force.
 */
export function CameraRecordings({ video, atMs }: { video: SystemStatus['video']; atMs: number }) {
  const { t } = useLingui();
  const rec = video.recorder;
  const stateWord: Record<RecorderState, string> = { recording: t`Recording`, starting: t`Starting`, retrying: t`Retrying`, stopped: t`Stopped` };
  const used = megabytes(rec.bytes);
  const cap = megabytes(rec.maxBytes);
  const hours = formatDisplayNumber(rec.retentionMs / 3_600_000, 1);
  return (
    <section>
      <h2 style={{ fontSize: 18 }}>
        <Trans>Recordings</Trans>
      </h2>
      <p style={{ color: SCREEN.textMuted }}>
        <Trans>
          Disk: {used} of {cap}; kept {hours} h
        </Trans>
      </p>
      {rec.cameras.length === 0 ? (
        <p style={{ color: SCREEN.textMuted }}>
          <Trans>No camera is recorded on this server.</Trans>
        </p>
      ) : (
        <table aria-label={t`Recordings`} style={{ borderCollapse: 'collapse', minWidth: 360 }}>
          <thead>
            <tr>
              <th style={cell}>{t`Camera`}</th>
              <th style={cell}>{t`State`}</th>
              <th style={cell}>{t`Since`}</th>
              <th style={cell}>{t`Last segment`}</th>
              <th style={numberCell}>{t`Restarts`}</th>
              <th style={numberCell}>{t`Disk`}</th>
              <th style={cell}>{t`Last error`}</th>
            </tr>
          </thead>
          <tbody>
            {rec.cameras.map((c) => {
              const age = c.lastSegmentMs === null ? null : formatDuration(Math.max(0, atMs - c.lastSegmentMs));
              return (
                <tr key={`${c.projectId}/${c.sn}`}>
                  <td style={cell}>{c.name ? `${c.name} (${c.sn})` : c.sn}</td>
                  <td style={cell}>
                    <span aria-hidden style={{ color: STATE_COLOR[c.state], marginRight: 6 }}>
                      ●
                    </span>
                    <span style={{ color: STATE_COLOR[c.state], fontWeight: 600 }}>{stateWord[c.state]}</span>
                  </td>
                  <td style={cell}>{formatBeijing(c.sinceMs)}</td>
                  <td style={cell}>{age === null ? '–' : t`${age} ago`}</td>
                  <td style={numberCell}>{c.restarts}</td>
                  <td style={numberCell}>{megabytes(c.bytes)}</td>
                  <td style={{ ...cell, maxWidth: 480, overflowWrap: 'anywhere' }}>{c.lastError ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
