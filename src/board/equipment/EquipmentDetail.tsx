import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Tab, TabList } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { certificateStatus, EQUIPMENT, FLEET, LIFTING_DRIVERS, userMay, type DeviceInfo, type LiftingDriver } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { DriverEditDialog } from '../../equipment/DriverEditDialog';
import { DriverFileButtons } from '../../equipment/DriverFileButtons';
import { downloadExport } from '../../api/downloadExport';
import { useProjectId } from '../../app/shell/useProjectId';
import { useBoardClock } from '../../panelData';
import { LEVEL_COLOR, SCREEN, StatusBadge, STATUS_COLOR, thresholdLevel } from '../../components';
import { EquipmentDrawing } from '../../components/equipment/EquipmentDrawing';
import { flagText, isFlag } from '../../components/equipment/flags';
import { formatBeijing } from '../../format/time';
import { kindLabel, metricLabel } from '../../i18n/metricLabels';
import { DEVICE_KIND_REGISTRY, equipmentRoleOf } from '../../../protocol';
import { metricRows, valueText } from '../deviceDetail';
import { ArchiveTab } from './ArchiveTab';
import { RunDataTab } from './RunDataTab';
import { ThresholdsTab } from './ThresholdsTab';
import { cellStyle, DataTable, TabMessage } from './parts';

/** The modal's tabs in order (docs/api.md "Equipment"). */
export const EQUIPMENT_TABS = ['live', 'driver', 'attendance', 'records', 'runData', 'archive', 'thresholds'] as const;
export type EquipmentTab = (typeof EQUIPMENT_TABS)[number];

const TAB_LABEL: Record<EquipmentTab, MessageDescriptor> = {
  live: msg`Live`,
  driver: msg`Driver`,
  attendance: msg`Clock-in`,
  records: msg`Work records`,
  runData: msg`Run data`,
  archive: msg`Archive`,
  thresholds: msg`Thresholds`,
};

const DAY_MS = 86_400_000;
const RECORDS_PAGE_SIZE = 15;

/**
 * The detail modal's body for a piece of lifting equipment (docs/api.md "Equipment"): its header (kind, position,
 * status, last seen) and the tabs live, driver, clock-in, work records, run data, archive and thresholds.
 * Live values come from the device store; the other tabs ask the server when they are opened
 * (docs/api.md "Equipment", "Work records", "Thresholds", "History and time ranges").
 */
export const EquipmentDetail = observer(function EquipmentDetail({ device }: { device: DeviceInfo }) {
  const { i18n } = useLingui();
  const [tab, setTab] = useState<EquipmentTab>('live');
  return (
    <div data-equipment-detail={device.kind} style={{ display: 'flex', flexDirection: 'column', gap: 10, minHeight: 420 }}>
      <div style={{ display: 'flex', gap: 18, flexWrap: 'wrap', alignItems: 'center', fontSize: 14 }}>
        <span>{kindLabel(i18n, device.kind)}</span>
        <span style={{ opacity: 0.75 }}>{device.sn}</span>
        <span style={{ opacity: 0.75 }}>{device.position}</span>
        <StatusBadge status={device.status} />
        <span style={{ opacity: 0.75 }}>
          <Trans>Last seen</Trans> {formatBeijing(device.lastSeenMs) || '—'}
        </span>
      </div>
      <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as EquipmentTab)} size="small">
        {EQUIPMENT_TABS.map((id) => (
          <Tab key={id} value={id} data-tab={id}>
            {i18n._(TAB_LABEL[id])}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" data-tabpanel={tab} style={{ minHeight: 340 }}>
        {tab === 'live' ? <LiveTab device={device} /> : null}
        {tab === 'driver' ? <DriverTab device={device} /> : null}
        {tab === 'attendance' ? <AttendanceTab device={device} /> : null}
        {tab === 'records' ? <WorkRecordsTab device={device} /> : null}
        {tab === 'runData' ? <RunDataTab device={device} /> : null}
        {tab === 'archive' ? <ArchiveTab device={device} /> : null}
        {tab === 'thresholds' ? <ThresholdsTab device={device} /> : null}
      </div>
    </div>
  );
});

/** Whether `metric` of `kind` is an on/off state (shown as Yes/No). */
function flagMetric(kind: string, metric: string): boolean {
  const m = DEVICE_KIND_REGISTRY.metric(kind, metric);
  return m !== undefined && isFlag(m);
}

/** Live: the kind's drawing beside every latest value with its unit, coloured when over a limit. */
const LiveTab = observer(function LiveTab({ device }: { device: DeviceInfo }) {
  const { i18n } = useLingui();
  const levels: Record<string, 'warning' | 'alarm'> = {};
  for (const t of device.thresholds) {
    const level = thresholdLevel(device.latest?.[t.metric], t);
    if (level) levels[t.metric] = level;
  }
  const rows = metricRows(device).filter((r) => r.value !== null);
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      <div style={{ flex: '0 0 auto', alignSelf: 'flex-start', border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4 }}>
        <EquipmentDrawing kind={device.kind} values={device.latest} width={460} height={340} levels={levels} />
      </div>
      <div style={{ flex: 1, minWidth: 260 }}>
        {rows.length === 0 ? (
          <TabMessage>
            <Trans>No reading yet</Trans>
          </TabMessage>
        ) : (
          <DataTable head={[<Trans key="m">Metric</Trans>, <Trans key="v">Latest</Trans>]}>
            {rows.map((r) => (
              <tr key={r.metric} data-metric={r.metric}>
                <td style={cellStyle}>{metricLabel(i18n, device.kind, r.metric)}</td>
                <td style={{ ...cellStyle, textAlign: 'right', color: levels[r.metric] ? LEVEL_COLOR[levels[r.metric]] : undefined, fontVariantNumeric: 'tabular-nums' }}>
                  {flagMetric(device.kind, r.metric) ? flagText(i18n, r.value) : valueText(r)}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </div>
  );
});

/** A certificate's status in words and colour: expired red, expiring within 30 days amber (docs/domain.md "Driver certificates"). */
function CertificateExpiry({ expiryMs, nowMs }: { expiryMs: number; nowMs: number }) {
  const status = certificateStatus(expiryMs, nowMs);
  const daysLeft = Math.ceil((expiryMs - nowMs) / DAY_MS);
  // the expiry instant is the start of the day after the last valid one
  const lastDay = formatBeijing(expiryMs - DAY_MS, 'YYYY-MM-DD');
  if (status === 'valid') return <>{lastDay}</>;
  return (
    <span data-certificate={status} style={{ color: status === 'expired' ? STATUS_COLOR.alarm : STATUS_COLOR.warning, fontWeight: 600 }}>
      {lastDay} {status === 'expired' ? <Trans>Expired</Trans> : <Trans>Expiring ({daysLeft} days left)</Trans>}
    </span>
  );
}

/**
 * Driver: the device's drivers with who is on duty (as of the board clock), card, certificate and its expiry;
 * project managers and administrators add, edit and remove drivers here (DriverEditDialog) and import or
 * export the project's register as .xlsx (DriverFileButtons).
 */
const DriverTab = observer(function DriverTab({ device }: { device: DeviceInfo }) {
  const clock = useBoardClock();
  const { session } = useStores();
  const projectId = useProjectId() ?? '';
  const user = session.user;
  const mayEdit = !!user && (user.isAdmin || userMay(user, projectId, 'threshold.edit'));
  const [editing, setEditing] = useState<LiftingDriver | null | undefined>(undefined);
  // Replay: as of the replay instant's minute (a key that moves every frame would ask again every render).
  const atMs = clock.mode === 'replay' ? Math.floor(clock.now() / 60_000) * 60_000 : undefined;
  const load = useQuery(EQUIPMENT.drivers, { projectId, sn: device.sn, atMs });
  const register = useQuery(LIFTING_DRIVERS.driverList, { projectId, sn: device.sn });
  const dialog = <DriverEditDialog projectId={projectId} driver={editing} machineSn={device.sn} onDone={() => setEditing(undefined)} />;
  const add = mayEdit ? (
    <>
      <Button size="small" onClick={() => setEditing(null)}>
        <Trans>Add driver</Trans>
      </Button>
      <DriverFileButtons projectId={projectId} />
    </>
  ) : null;
  if (load.error) return <TabMessage error>{load.error}</TabMessage>;
  if (!load.data) return <TabMessage><Trans>Loading…</Trans></TabMessage>;
  if (load.data.drivers.length === 0) {
    return (
      <>
        <TabMessage><Trans>No driver is registered for this equipment</Trans></TabMessage>
        {add}
        {dialog}
      </>
    );
  }
  const now = load.data.atMs;
  const full = new Map((register.data?.drivers ?? []).map((d) => [d.driverId, d]));
  return (
    <>
      <DataTable
        label="drivers"
        head={[<Trans key="n">Driver</Trans>, <Trans key="d">On duty</Trans>, <Trans key="c">Card</Trans>, <Trans key="cn">Certificate</Trans>, <Trans key="e">Valid until</Trans>, <Trans key="p">Phone</Trans>, ...(mayEdit ? [<span key="x" />] : [])]}
      >
        {load.data.drivers.map((d) => (
          <tr key={d.driverId} data-driver={d.driverId} data-on-duty={d.onDuty}>
            <td style={{ ...cellStyle, fontWeight: d.onDuty ? 600 : undefined }}>{d.name}</td>
            <td style={cellStyle}>
              {d.onDuty ? (
                <span style={{ color: STATUS_COLOR.online }}>
                  <Trans>On duty since {formatBeijing(d.clockInMs, 'HH:mm')}</Trans>
                </span>
              ) : (
                <span style={{ opacity: 0.7 }}>
                  <Trans>Off duty</Trans>
                </span>
              )}
            </td>
            <td style={cellStyle}>{d.cardNo}</td>
            <td style={cellStyle}>{d.certificateNo}</td>
            <td style={cellStyle}>
              <CertificateExpiry expiryMs={d.certificateExpiryMs} nowMs={now} />
            </td>
            <td style={cellStyle}>{d.phone}</td>
            {mayEdit ? (
              <td style={cellStyle}>
                <Button size="small" disabled={!full.has(d.driverId)} onClick={() => setEditing(full.get(d.driverId))}>
                  <Trans>Edit</Trans>
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </DataTable>
      {add}
      {dialog}
    </>
  );
});

/** Preset ranges of the clock-in tab, days back from now. */
const ATTENDANCE_RANGES = [7, 30] as const;

/** Clock-in: the drivers' shifts over the last 7 or 30 days, with hours per driver. */
const AttendanceTab = observer(function AttendanceTab({ device }: { device: DeviceInfo }) {
  const clock = useBoardClock();
  const projectId = useProjectId() ?? '';
  const [days, setDays] = useState<(typeof ATTENDANCE_RANGES)[number]>(7);
  // The range ends at the board clock's minute (replay: the replay instant), so a reload asks the same.
  const toMs = Math.ceil(clock.now() / 60_000) * 60_000;
  const fromMs = toMs - days * DAY_MS;
  const load = useQuery(EQUIPMENT.attendance, { projectId, sn: device.sn, fromMs, toMs });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        {ATTENDANCE_RANGES.map((d) => (
          <Button key={d} size="small" appearance={d === days ? 'primary' : 'secondary'} onClick={() => setDays(d)} data-range={d}>
            <Trans>Last {d} days</Trans>
          </Button>
        ))}
        {load.data ? (
          <span style={{ marginLeft: 12, fontSize: 14, opacity: 0.85 }} data-attendance-totals>
            {load.data.totals.map((t) => (
              <span key={t.driverId} style={{ marginRight: 16 }}>
                <Trans>
                  {t.driverName}: {t.shifts} shifts, {t.hours.toFixed(1)} h
                </Trans>
              </span>
            ))}
          </span>
        ) : null}
      </div>
      {load.error ? (
        <TabMessage error>{load.error}</TabMessage>
      ) : !load.data ? (
        <TabMessage><Trans>Loading…</Trans></TabMessage>
      ) : load.data.entries.length === 0 ? (
        <TabMessage><Trans>No clock-in in this range</Trans></TabMessage>
      ) : (
        <DataTable label="attendance" head={[<Trans key="d">Driver</Trans>, <Trans key="i">Clock-in</Trans>, <Trans key="o">Clock-out</Trans>, <Trans key="h">Hours</Trans>]}>
          {load.data.entries.map((e) => (
            <tr key={e.attendanceId} data-attendance={e.attendanceId}>
              <td style={cellStyle}>{e.driverName}</td>
              <td style={cellStyle}>{formatBeijing(e.clockInMs, 'YYYY-MM-DD HH:mm')}</td>
              <td style={cellStyle}>{e.clockOutMs === null ? <Trans>on duty</Trans> : formatBeijing(e.clockOutMs, 'YYYY-MM-DD HH:mm')}</td>
              <td style={{ ...cellStyle, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{e.hours.toFixed(2)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
});

/** Seconds as m:ss or h:mm:ss. */
function duration(s: number): string {
  const t = Math.round(s);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * Work records: the lifts the server detected, newest first, paged, with export to .xlsx or CSV. For a
 * construction elevator the records are trips (docs/api.md "Work records"): with the cage and the floors,
 * and the peak load share of rated where a crane shows its moment.
 */
const WorkRecordsTab = observer(function WorkRecordsTab({ device }: { device: DeviceInfo }) {
  const trips = equipmentRoleOf(device.kind)?.workRecords.by === 'cageTrip';
  const { t } = useLingui();
  const projectId = useProjectId() ?? '';
  const [page, setPage] = useState(1);
  const load = useQuery(FLEET.workRecordList, { projectId, sn: device.sn, page, pageSize: RECORDS_PAGE_SIZE });
  const [exportError, setExportError] = useState<string | null>(null);
  const exportAs = async (format: 'xlsx' | 'csv') => {
    setExportError(null);
    if (!(await downloadExport(EQUIPMENT.workRecordExport.path, { projectId, sn: device.sn, format }, `work-records.${format}`))) setExportError(t`The export failed. Please retry.`);
  };
  const total = load.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <span style={{ fontSize: 14 }} data-records-total={total}>
          {trips ? <Trans>{total} trips</Trans> : <Trans>{total} lifts</Trans>}
        </span>
        <span style={{ flex: 1 }} />
        <Button size="small" onClick={() => void exportAs('xlsx')} disabled={total === 0}>
          <Trans>Export .xlsx</Trans>
        </Button>
        <Button size="small" onClick={() => void exportAs('csv')} disabled={total === 0}>
          <Trans>Export CSV</Trans>
        </Button>
      </div>
      {exportError ? <TabMessage error>{exportError}</TabMessage> : null}
      {load.error ? (
        <TabMessage error>{load.error}</TabMessage>
      ) : !load.data ? (
        <TabMessage><Trans>Loading…</Trans></TabMessage>
      ) : load.data.list.length === 0 ? (
        <TabMessage>{trips ? <Trans>No trip recorded yet</Trans> : <Trans>No lift recorded yet</Trans>}</TabMessage>
      ) : (
        <DataTable
          label="work records"
          head={[
            <Trans key="s">Start</Trans>,
            <Trans key="e">End</Trans>,
            <Trans key="d">Duration</Trans>,
            ...(trips ? [<Trans key="c">Cage</Trans>, <Trans key="f">From floor</Trans>, <Trans key="t">To floor</Trans>] : []),
            <Trans key="l">Peak load (t)</Trans>,
            trips ? <Trans key="m">Peak load (% of rated)</Trans> : <Trans key="m">Peak moment (% of rated)</Trans>,
            <Trans key="a">Alarms</Trans>,
          ]}
        >
          {load.data.list.map((r) => (
            <tr key={r.recordId} data-record={r.recordId}>
              <td style={cellStyle}>{formatBeijing(r.startedAtMs, 'YYYY-MM-DD HH:mm:ss')}</td>
              <td style={cellStyle}>{formatBeijing(r.endedAtMs, 'HH:mm:ss')}</td>
              <td style={{ ...cellStyle, textAlign: 'right' }}>{duration(r.durationS)}</td>
              {trips ? (
                <>
                  <td style={cellStyle} data-record-cage={r.cage ?? ''}>
                    {r.cage === 'left' ? <Trans>Left</Trans> : r.cage === 'right' ? <Trans>Right</Trans> : '—'}
                  </td>
                  <td style={{ ...cellStyle, textAlign: 'right' }}>{r.startFloor ?? '—'}</td>
                  <td style={{ ...cellStyle, textAlign: 'right' }}>{r.endFloor ?? '—'}</td>
                </>
              ) : null}
              <td style={{ ...cellStyle, textAlign: 'right' }}>{r.peakLoadT.toFixed(2)}</td>
              <td style={{ ...cellStyle, textAlign: 'right', color: r.peakMomentPct >= 100 ? STATUS_COLOR.alarm : r.peakMomentPct >= 90 ? STATUS_COLOR.warning : undefined }}>
                {r.peakMomentPct.toFixed(1)}
              </td>
              <td style={{ ...cellStyle, textAlign: 'right', color: r.alarms > 0 ? STATUS_COLOR.alarm : undefined }} data-record-alarms>
                {r.alarms}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'flex-end', fontSize: 14 }}>
        <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <span data-records-page>
          <Trans>
            Page {page} of {pages}
          </Trans>
        </span>
        <Button size="small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </div>
  );
});
