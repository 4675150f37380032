import { observer } from 'mobx-react-lite';
import { Button, Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPERATIONS } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { metricLabel } from '../../i18n/metricLabels';
import { BrokerSession } from './BrokerSession';
import { CameraRecordings } from './CameraRecordings';
import { ScreenFrame } from './ScreenFrame';
import { formatBeijing } from '../../format/time';

/** Route of the administrator's status page (reached from the header's Status button). */
export const SYSTEM_STATUS_PATH = '/system/status';

const cell = { padding: '4px 12px', borderBottom: `1px solid ${SCREEN.textMuted}33`, textAlign: 'left' as const };
const numberCell = { ...cell, textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' };

/** A table whose last column is a count (right-aligned), unless `textOnly`. */
function CountTable({ label, head, rows, textOnly = false }: { label: string; head: string[]; rows: Array<Array<string | number>>; textOnly?: boolean }) {
  const last = textOnly ? cell : numberCell;
  return (
    <table aria-label={label} style={{ borderCollapse: 'collapse', minWidth: 360 }}>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={h} style={i === head.length - 1 ? last : cell}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.slice(0, -1).join(' ')}>
            {r.map((v, i) => (
              <td key={i} style={i === r.length - 1 ? last : cell}>
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /system/status (administrators): this node's counters since it started, the same as GET /metrics
 * (docs/operations.md "Metrics"): device messages accepted and rejected by reason, REST requests refused
 * by route and error code, camera streams and recordings, and answers 5xx. Refresh reads them again.
 */
export const SystemStatusScreen = observer(function SystemStatusScreen() {
  const { session } = useStores();
  const { t, i18n } = useLingui();
  // counters of this node: asked only by administrators (others are told they have no access)
  const { data: status, error, loading, reload } = useQuery(OPERATIONS.systemStatus, session.user?.isAdmin ? {} : null);

  const rejectedTotal = status ? Object.values(status.ingest.rejected).reduce((a, b) => a + b, 0) : 0;
  return (
    <ScreenFrame
      title={<Trans>System status</Trans>}
      beside={
        <Button size="small" onClick={() => void reload()} disabled={loading}>
          <Trans>Refresh</Trans>
        </Button>
      }
    >
      {!session.user?.isAdmin ? (
        <p role="alert">{t`Sorry, you don't have access to this page`}</p>
      ) : error ? (
        <p role="alert">{error}</p>
      ) : !status ? (
        <Spinner />
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
          <p style={{ color: SCREEN.textMuted, margin: 0 }}>
            <Trans>Counted since this server started: {formatBeijing(status.startedAtMs)}</Trans>
          </p>
          <BrokerSession session={status.mqttSession} />
          <section>
            <h2 style={{ fontSize: 18 }}>
              <Trans>Device messages</Trans>
            </h2>
            <CountTable
              label={t`Device messages`}
              head={[t`Result`, t`Count`]}
              rows={[
                [t`Accepted`, status.ingest.accepted],
                [t`Rejected`, rejectedTotal],
                ...Object.entries(status.ingest.rejected).map(([reason, n]) => [t`Rejected: ${reason}`, n]),
              ]}
            />
          </section>
          <section>
            <h2 style={{ fontSize: 18 }}>
              <Trans>Refused requests</Trans>
            </h2>
            {status.restRejections.length === 0 ? (
              <p style={{ color: SCREEN.textMuted }}>
                <Trans>No request has been refused.</Trans>
              </p>
            ) : (
              <CountTable
                label={t`Refused requests`}
                head={[t`Route`, t`Error code`, t`HTTP status`, t`Count`]}
                rows={status.restRejections.map((r) => [r.route, r.code, r.status, r.count])}
              />
            )}
          </section>
          <section>
            <h2 style={{ fontSize: 18 }}>
              <Trans>Metrics with no configured threshold</Trans>
            </h2>
            {status.unconfiguredMetrics.length === 0 ? (
              <p style={{ color: SCREEN.textMuted }}>
                <Trans>Every reported metric has a configured threshold.</Trans>
              </p>
            ) : (
              <CountTable
                textOnly
                label={t`Metrics with no configured threshold`}
                head={[t`Project`, t`Device`, t`Metrics (judged on the kind default)`]}
                rows={status.unconfiguredMetrics.map((d) => [d.projectId, `${d.name} (${d.sn})`, d.metrics.map((m) => metricLabel(i18n, d.kind, m)).join(', ')])}
              />
            )}
          </section>
          <section>
            <h2 style={{ fontSize: 18 }}>
              <Trans>Camera streams</Trans>
            </h2>
            <p style={{ color: SCREEN.textMuted }}>
              <Trans>
                ffmpeg starts: {status.video.starts}, failures: {status.video.failures}
              </Trans>
            </p>
            {status.video.streams.length > 0 && (
              <CountTable
                textOnly
                label={t`Camera streams`}
                head={[t`Project`, t`Device`, t`Definition`, t`State`, t`Codec`, t`Starts`, t`Since`, t`Last error`]}
                rows={status.video.streams.map((v) => [v.projectId, v.sn, v.quality, v.state, v.codec ?? '', v.starts, formatBeijing(v.sinceMs), v.lastError ?? ''])}
              />
            )}
          </section>
          <CameraRecordings video={status.video} atMs={status.atMs} />
          <section>
            <h2 style={{ fontSize: 18 }}>
              <Trans>Server errors</Trans>
            </h2>
            {status.restServerErrors.length === 0 ? (
              <p style={{ color: SCREEN.textMuted }}>
                <Trans>No server error.</Trans>
              </p>
            ) : (
              <CountTable label={t`Server errors`} head={[t`Route`, t`Count`]} rows={status.restServerErrors.map((r) => [r.route, r.count])} />
            )}
          </section>
        </div>
      )}
    </ScreenFrame>
  );
});
