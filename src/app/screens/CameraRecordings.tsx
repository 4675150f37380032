import { Trans, useLingui } from '@lingui/react/macro';
import type { RecorderLeaseStatus, RecorderState, SystemStatus, VideoRecordingStatus } from '../../../protocol';
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

/** A row of the table: a camera this node records or keeps segments of, and/or a camera's lease in the cluster. */
interface Row {
  key: string;
  sn: string;
  name: string | null;
  own: VideoRecordingStatus | null;
  lease: RecorderLeaseStatus | null;
}

/**
 * The table's rows by project and serial number: this node's cameras with their lease, and the cameras whose
 * lease another node holds (or held until lately) that this node does not record.
 */
function rowsOf(rec: SystemStatus['video']['recorder']): Row[] {
  const rows = new Map<string, Row>();
  for (const c of rec.cameras) rows.set(`${c.projectId}/${c.sn}`, { key: `${c.projectId}/${c.sn}`, sn: c.sn, name: c.name, own: c, lease: null });
  for (const l of rec.owners) {
    const key = `${l.projectId}/${l.sn}`;
    const row = rows.get(key);
    if (row) row.lease = l;
    else if (l.nodeId !== rec.nodeId) rows.set(key, { key, sn: l.sn, name: l.name, own: null, lease: l });
  }
  return [...rows.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Bytes as megabytes with one decimal ("12.3 MB"). */
function megabytes(bytes: number): string {
  return `${formatDisplayNumber(bytes / 1_000_000, 1)} MB`;
}

/**
 * The status page's table of this node's recordings (docs/operations.md "Recording"): per camera its state
 * as a coloured dot and a word, since when, the newest segment's age ("12 s ago", counted from the answer's
 * time), restarts after failures, disk use and the last error; above it the disk use against the cap and
 * the retention in force. With recorder leases (several nodes on PostgreSQL) also the node holding each
 * camera's lease ("this node" marked) and until when; a camera another node records is listed with that
 * node and its lease instead of a state of this node's ("On another node", or "Lease ended" in amber once
 * its lease ran out without being renewed or taken over). Without leases (one node) those columns are left out.
 */
export function CameraRecordings({ video, atMs }: { video: SystemStatus['video']; atMs: number }) {
  const { t } = useLingui();
  const rec = video.recorder;
  const stateWord: Record<RecorderState, string> = { recording: t`Recording`, starting: t`Starting`, retrying: t`Retrying`, stopped: t`Stopped` };
  const used = megabytes(rec.bytes);
  const cap = megabytes(rec.maxBytes);
  const hours = formatDisplayNumber(rec.retentionMs / 3_600_000, 1);
  const leased = rec.nodeId !== null;
  const rows = rowsOf(rec);
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
      {rows.length === 0 ? (
        <p style={{ color: SCREEN.textMuted }}>
          <Trans>No camera is recorded on this server.</Trans>
        </p>
      ) : (
        <table aria-label={t`Recordings`} style={{ borderCollapse: 'collapse', minWidth: 360 }}>
          <thead>
            <tr>
              <th style={cell}>{t`Camera`}</th>
              <th style={cell}>{t`State`}</th>
              {leased && <th style={cell}>{t`Recorder node`}</th>}
              {leased && <th style={cell}>{t`Lease`}</th>}
              <th style={cell}>{t`Since`}</th>
              <th style={cell}>{t`Last segment`}</th>
              <th style={numberCell}>{t`Restarts`}</th>
              <th style={numberCell}>{t`Disk`}</th>
              <th style={cell}>{t`Last error`}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const c = r.own;
              const age = c?.lastSegmentMs == null ? null : formatDuration(Math.max(0, atMs - c.lastSegmentMs));
              const ended = r.lease !== null && atMs > r.lease.expiresAtMs;
              const untilTime = r.lease ? formatBeijing(r.lease.expiresAtMs, 'HH:mm:ss') : '';
              const node = r.lease?.nodeId ?? rec.nodeId ?? '';
              return (
                <tr key={r.key}>
                  <td style={cell}>{r.name ? `${r.name} (${r.sn})` : r.sn}</td>
                  <td style={cell}>
                    {c ? (
                      <>
                        <span aria-hidden style={{ color: STATE_COLOR[c.state], marginRight: 6 }}>
                          ●
                        </span>
                        <span style={{ color: STATE_COLOR[c.state], fontWeight: 600 }}>{stateWord[c.state]}</span>
                      </>
                    ) : ended ? (
                      <span style={{ color: STATUS_COLOR.warning, fontWeight: 600 }}>{t`Lease ended`}</span>
                    ) : (
                      <span style={{ color: SCREEN.textMuted }}>{t`On another node`}</span>
                    )}
                  </td>
                  {leased && <td style={cell}>{node === rec.nodeId ? t`${node} (this node)` : node}</td>}
                  {leased && (
                    <td style={ended ? { ...cell, color: STATUS_COLOR.warning } : cell}>{r.lease === null ? '–' : ended ? t`ended ${untilTime}` : t`until ${untilTime}`}</td>
                  )}
                  <td style={cell}>{c ? formatBeijing(c.sinceMs) : ''}</td>
                  <td style={cell}>{age === null ? '–' : t`${age} ago`}</td>
                  <td style={numberCell}>{c?.restarts ?? ''}</td>
                  <td style={numberCell}>{c ? megabytes(c.bytes) : ''}</td>
                  <td style={{ ...cell, maxWidth: 480, overflowWrap: 'anywhere' }}>{c?.lastError ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
