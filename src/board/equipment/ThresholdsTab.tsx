import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Input } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN, FLEET, userMay, type DeviceInfo, type Threshold, type ThresholdEntry, type ThresholdTarget } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { useProjectId } from '../../app/shell/useProjectId';
import { STATUS_COLOR } from '../../components';
import { formatBeijing } from '../../format/time';
import { metricLabel } from '../../i18n/metricLabels';
import { thresholdText } from '../deviceDetail';
import { cellStyle, DataTable, TabMessage } from './parts';
import { DRAFT_FIELDS, draftChanged, draftOf, thresholdFromDraft, type ThresholdDraft } from './thresholdForm';

/**
 * How this tab changes thresholds: the refusal is shown in the row, not as a notice; the equipment
 * queries (this tab's limits and audit) and the administration's device list (its unconfigured metrics) reload.
 */
const CHANGE = { skipErrorHandler: true, invalidates: [ADMIN.deviceRegistryList] };

/**
 * Thresholds of an equipment's detail modal: the device's {@link ThresholdEditor}, editable by those whose
 * role in the board's project may edit thresholds.
 */
export const ThresholdsTab = observer(function ThresholdsTab({ device }: { device: DeviceInfo }) {
  const projectId = useProjectId() ?? '';
  return <ThresholdEditor projectId={projectId} kind={device.kind} target={{ sn: device.sn }} />;
});

/**
 * Thresholds of a device (`target: { sn }`) or of a kind's defaults in the project (`target: { kind }`):
 * each metric's limits in force, its default and whether a person set it; users whose role may edit
 * thresholds (`threshold.edit`, or installation administrators) edit a row (saved through threshold/set,
 * checked by the server against the metric's unit and range, the refusal shown under the table) or reset
 * it to the default; below, the audit of the target's changes (who, when, old and new). After a change the
 * queries reload (QueryStore.mutate) and the device list is refreshed so the board colours by the new
 * limits; the live rules already judge by them. `kind` names the metrics.
 */
export const ThresholdEditor = observer(function ThresholdEditor({ projectId, kind, target }: { projectId: string; kind: string; target: ThresholdTarget }) {
  const { queries, session, devices } = useStores();
  const { t, i18n } = useLingui();
  const user = session.user;
  const isAdmin = !!user && (user.isAdmin || userMay(user, projectId, 'threshold.edit'));
  const view = useQuery(FLEET.thresholdGet, { projectId, target });
  const audit = useQuery(FLEET.thresholdAudit, { projectId, target, limit: 20 });
  const [drafts, setDrafts] = useState<Record<string, ThresholdDraft>>({});
  const [problem, setProblem] = useState<{ metric: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const labels = { warn: t`warning`, alarm: t`alarm` };
  const FIELD_LABEL: Record<keyof ThresholdDraft, string> = {
    warnHigh: t`Warning ≥`,
    alarmHigh: t`Alarm ≥`,
    warnLow: t`Warning ≤`,
    alarmLow: t`Alarm ≤`,
    clearRatio: t`Clear ratio`,
  };

  const afterChange = async (metric: string) => {
    setDrafts((d) => {
      const next = { ...d };
      delete next[metric];
      return next;
    });
    await devices.refresh().catch(() => undefined);
  };
  const save = async (e: ThresholdEntry, d: ThresholdDraft) => {
    const parsed = thresholdFromDraft(e.threshold, d);
    if (!('threshold' in parsed)) {
      setProblem({ metric: e.threshold.metric, text: t`${FIELD_LABEL[parsed.badField]} is not a number` });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await queries.mutate(FLEET.thresholdSet, { projectId, target, thresholds: [parsed.threshold] }, CHANGE);
      await afterChange(e.threshold.metric);
    } catch (err) {
      setProblem({ metric: e.threshold.metric, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  const reset = async (metric: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await queries.mutate(FLEET.thresholdReset, { projectId, target, metrics: [metric] }, CHANGE);
      await afterChange(metric);
    } catch (err) {
      setProblem({ metric, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  if (view.error) return <TabMessage error>{view.error}</TabMessage>;
  if (!view.data) return <TabMessage><Trans>Loading…</Trans></TabMessage>;
  const fmt = (th: Threshold | null) => thresholdText(th, labels) || '—';

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 14 }}>
      {!isAdmin ? (
        <TabMessage>
          <Trans>Only administrators change thresholds.</Trans>
        </TabMessage>
      ) : null}
      <DataTable
        label="thresholds"
        head={[
          <Trans key="m">Metric</Trans>,
          <Trans key="u">Unit</Trans>,
          ...DRAFT_FIELDS.map((f) => FIELD_LABEL[f]),
          <Trans key="d">Default</Trans>,
          '',
        ]}
      >
        {view.data.entries.map((e) => {
          const metric = e.threshold.metric;
          const draft = drafts[metric] ?? draftOf(e.threshold);
          const changed = draftChanged(e.threshold, draft);
          return (
            <tr key={metric} data-threshold={metric} data-edited={e.edited}>
              <td style={cellStyle}>
                {metricLabel(i18n, kind, metric)}
                {e.edited ? (
                  <span style={{ marginLeft: 6, fontSize: 12, color: STATUS_COLOR.warning }}>
                    <Trans>edited</Trans>
                  </span>
                ) : null}
              </td>
              <td style={cellStyle}>{e.threshold.unit || '—'}</td>
              {DRAFT_FIELDS.map((f) => (
                <td key={f} style={{ ...cellStyle, padding: '3px 4px' }}>
                  {isAdmin ? (
                    <Input
                      size="small"
                      style={{ width: 76, minWidth: 0 }}
                      aria-label={`${metricLabel(i18n, kind, metric)} ${FIELD_LABEL[f]}`}
                      data-field={f}
                      value={draft[f]}
                      onChange={(_ev, d) => setDrafts((all) => ({ ...all, [metric]: { ...draft, [f]: d.value } }))}
                    />
                  ) : (
                    <span>{draft[f] || '—'}</span>
                  )}
                </td>
              ))}
              <td style={{ ...cellStyle, fontSize: 12, opacity: 0.75 }}>{fmt(e.defaultThreshold)}</td>
              <td style={cellStyle}>
                {isAdmin ? (
                  <span style={{ display: 'flex', gap: 4 }}>
                    <Button size="small" appearance="primary" disabled={!changed || busy} onClick={() => void save(e, draft)} data-action="save">
                      <Trans>Save</Trans>
                    </Button>
                    <Button size="small" disabled={!e.edited || busy} onClick={() => void reset(metric)} data-action="reset">
                      <Trans>Reset</Trans>
                    </Button>
                  </span>
                ) : null}
              </td>
            </tr>
          );
        })}
      </DataTable>
      {problem ? (
        <TabMessage error>
          {metricLabel(i18n, kind, problem.metric)}: {problem.text}
        </TabMessage>
      ) : null}
      <div>
        <h3 style={{ fontSize: 15, margin: '4px 0 6px' }}>
          <Trans>Changes</Trans>
        </h3>
        {audit.data && audit.data.entries.length > 0 ? (
          <DataTable label="threshold audit" head={[<Trans key="w">When</Trans>, <Trans key="b">Who</Trans>, <Trans key="m">Metric</Trans>, <Trans key="o">Before</Trans>, <Trans key="n">After</Trans>]}>
            {audit.data.entries.map((a) => (
              <tr key={a.auditId} data-audit={a.metric}>
                <td style={cellStyle}>{formatBeijing(a.changedAtMs)}</td>
                <td style={cellStyle}>{a.changedBy}</td>
                <td style={cellStyle}>
                  {metricLabel(i18n, kind, a.metric)}
                  {a.action === 'reset' ? (
                    <>
                      {' '}
                      <Trans>(reset)</Trans>
                    </>
                  ) : null}
                </td>
                <td style={{ ...cellStyle, fontSize: 12 }}>{fmt(a.oldThreshold)}</td>
                <td style={{ ...cellStyle, fontSize: 12 }}>{fmt(a.newThreshold)}</td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <TabMessage>
            <Trans>No change recorded</Trans>
          </TabMessage>
        )}
      </div>
    </div>
  );
});
