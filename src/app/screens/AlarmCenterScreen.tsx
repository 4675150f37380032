import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Drawer,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Dropdown,
  Field,
  Input,
  Option,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Textarea,
} from '@fluentui/react-components';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ALARMS, appUrl, DEAL_REMARK_PRESETS, type AlarmDetail, type AlarmListBody, type AlarmRecord } from '../../../protocol';
import { useProjectTunnels, useQuery, useStores } from '../../stores';
import { downloadExport } from '../../api/downloadExport';
import { SCREEN } from '../../theme/theme';
import { formatBeijing } from '../../format/time';
import { formatDisplayNumber } from '../../format/number';
import { ALARM_KIND_LABEL, alarmDigits, alarmLocationText, alarmTitle, canShelve, DEAL_STATUS_LABEL, isShelved, LEVEL_LABEL, ShelveDialog, valueAgainstLimit as alarmValueAgainstLimit } from '../../components';
import { AlarmEmergencyNearby } from './AlarmEmergencyNearby';
import { ScreenFrame, ScreenLink } from './ScreenFrame';
import { ListPager } from './ListPager';
import { AlarmCenterAnalysis } from './AlarmCenterAnalysis';
import { beijingInputValue, checkCustomRange, parseBeijingInput } from '../../board/timeControls/timeRange';
import { customRangeMessage } from '../../board/timeControls/TimeRangeMenu';
import { CaptureAnalysisModal } from './CaptureAnalysisModal';
import { ShelvedBadge } from './AlarmShelving';
import { useProjectId } from '../shell/useProjectId';
import { WatchMomentLink } from '../../components/captures/WatchMomentLink';

/** Alarms per table page. */
const PAGE_SIZE = 20;

/**
 * The time-range filter's choices; no choice (the menu's "All time") filters no range, and CUSTOM_RANGE
 * takes the filters' `from` and `to` (Beijing time).
 */
const RANGES: Record<string, { label: MessageDescriptor; ms: number }> = {
  day: { label: msg`Last 24 hours`, ms: 86_400_000 },
  week: { label: msg`Last 7 days`, ms: 7 * 86_400_000 },
  month: { label: msg`Last 30 days`, ms: 30 * 86_400_000 },
};
/** The range choice whose ends are typed in (filters `from` and `to`). */
const CUSTOM_RANGE = 'custom';
const RANGE_CHOICES: Record<string, MessageDescriptor> = {
  ...Object.fromEntries(Object.entries(RANGES).map(([k, v]) => [k, v.label])),
  [CUSTOM_RANGE]: msg`Custom range`,
};
const KINDS: Record<string, MessageDescriptor> = ALARM_KIND_LABEL;
const LEVELS: Record<string, MessageDescriptor> = LEVEL_LABEL;
/** Status filter: open (untreated) or a handling result, or the condition's state. */
const STATUSES: Record<string, { label: MessageDescriptor; filter: Partial<AlarmListBody> }> = {
  untreated: { label: msg`Untreated`, filter: { dealStatus: 0 } },
  processed: { label: msg`Processed`, filter: { dealStatus: 1 } },
  misinformation: { label: msg`Misinformation`, filter: { dealStatus: 2 } },
  active: { label: msg`Active`, filter: { state: 'active' } },
  cleared: { label: msg`Cleared`, filter: { state: 'cleared' } },
};
/** Shelving filter (docs/api.md "alarm/shelve"). */
const SHELVING: Record<string, { label: MessageDescriptor; shelved: boolean }> = {
  shelved: { label: msg`Shelved`, shelved: true },
  notShelved: { label: msg`Not shelved`, shelved: false },
};
const DEAL_RESULTS: Record<number, MessageDescriptor> = DEAL_STATUS_LABEL;
const STEPS: Record<string, MessageDescriptor> = {
  raised: msg`Raised`,
  lastSeen: msg`Last seen`,
  acknowledged: msg`Acknowledged`,
  cleared: msg`Cleared`,
  handled: msg`Handled`,
};
/** Translations of DEAL_REMARK_PRESETS (protocol/api.ts), same order. */
const PRESET_LABELS: MessageDescriptor[] = [
  msg`Checked on site, back to normal`,
  msg`Ventilation increased, readings falling`,
  msg`Workers evacuated and counted`,
  msg`Worker found safe, button pressed by mistake`,
  msg`Crew told and corrected on site`,
  msg`Sensor fault, maintenance called`,
  msg`False alarm (misinformation)`,
];

interface Filters {
  range: string;
  /** Ends of a custom range: datetime-local values in Beijing time. */
  from: string;
  to: string;
  kind: string;
  level: string;
  status: string;
  deviceSn: string;
  text: string;
  shelving: string;
}

const NO_FILTERS: Filters = { range: 'week', from: '', to: '', kind: '', level: '', status: '', deviceSn: '', text: '', shelving: '' };

/** The alarm/list (and alarm/export) body of the filters, at `nowMs`. */
export function alarmQuery(projectId: string, f: Filters, nowMs: number): Omit<AlarmListBody, 'page' | 'pageSize'> {
  const range = RANGES[f.range]?.ms ?? null;
  const custom = f.range === CUSTOM_RANGE ? { fromMs: parseBeijingInput(f.from), toMs: parseBeijingInput(f.to) } : null;
  return {
    projectId,
    ...(range !== null ? { fromMs: Math.floor(nowMs - range) } : {}),
    ...(custom?.fromMs != null ? { fromMs: custom.fromMs } : {}),
    ...(custom?.toMs != null ? { toMs: custom.toMs } : {}),
    ...(f.kind ? { kind: f.kind as AlarmListBody['kind'] } : {}),
    ...(f.level ? { level: f.level as AlarmListBody['level'] } : {}),
    ...(f.status ? STATUSES[f.status].filter : {}),
    ...(f.deviceSn.trim() ? { deviceSn: f.deviceSn.trim() } : {}),
    ...(f.text.trim() ? { text: f.text.trim() } : {}),
    ...(SHELVING[f.shelving] ? { shelved: SHELVING[f.shelving].shelved } : {}),
  };
}

/**
 * /alarmCenter: every alarm of the project, searched on the server (time range, a custom range in Beijing time, kind, level, status,
 * device, text) with paging and "Total {total} items"; a detail drawer (value against limit, location,
 * timeline, AI capture); handling one or many with preset remarks; shelving one or many for a while with
 * a reason, and unshelving (EEMUA 191, docs/api.md "alarm/shelve"); export of the filtered list to .xlsx
 * or CSV; the alarm analysis of the last 7, 30, 90 or 365 days above it (docs/api.md "Alarm center"). Times in Beijing time.
 */
export const AlarmCenterScreen = observer(function AlarmCenterScreen() {
  const { queries, alarms: alarmStore } = useStores();
  const { t, i18n } = useLingui();
  const projectId = useProjectId();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  /** The alarm the detail drawer shows (its answer is kept in the store, refreshed after handling). */
  const [detailId, setDetailId] = useState<number | null>(null);
  const [handling, setHandling] = useState<number[] | null>(null);
  const [shelving, setShelving] = useState<number[] | null>(null);

  // the time range is reckoned when the filters are applied: the same filters ask the same query
  const listBody = useMemo(() => (projectId ? { ...alarmQuery(projectId, filters, Date.now()), page, pageSize: PAGE_SIZE } : null), [projectId, filters, page]);
  const { data, loading } = useQuery(ALARMS.alarmList, listBody, { notify: true });
  const detail = useQuery(ALARMS.alarmDetail, detailId === null ? null : { alarmId: detailId }, { notify: true, keepPrevious: false }).data;
  const openDetail = setDetailId;

  const exportAs = async (format: 'xlsx' | 'csv') => {
    if (!projectId) return;
    await downloadExport(ALARMS.alarmExport.path, { ...alarmQuery(projectId, filters, Date.now()), format }, `alarms.${format}`);
  };

  const list: AlarmRecord[] = data?.list ?? [];
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const untreatedSelected = list.filter((a) => selected.has(a.alarmId) && a.dealStatus === 0).map((a) => a.alarmId);
  const selectedCount = untreatedSelected.length;
  const nowMs = Date.now();
  const shelvableSelected = list.filter((a) => selected.has(a.alarmId) && canShelve(a)).map((a) => a.alarmId);
  const shelvedSelected = list.filter((a) => selected.has(a.alarmId) && isShelved(a, nowMs)).map((a) => a.alarmId);
  const shelvableCount = shelvableSelected.length;
  const shelvedCount = shelvedSelected.length;
  const unshelve = (alarmIds: number[]) => {
    queries
      .mutate(ALARMS.alarmUnshelve, { alarmIds })
      .then(() => setSelected(new Set()))
      .catch(() => {});
  };
  const field = (k: keyof Filters) => (v: string) =>
    setDraft((d) => {
      // a custom range starts as the last 24 hours up to the end of this minute, to be adjusted
      if (k === 'range' && v === CUSTOM_RANGE && !d.from) return { ...d, range: v, from: beijingInputValue(Date.now() - 86_400_000), to: beijingInputValue(Date.now() + 60_000) };
      return { ...d, [k]: v };
    });
  const rangeProblem = draft.range === CUSTOM_RANGE ? checkCustomRange(parseBeijingInput(draft.from), parseBeijingInput(draft.to), Date.now() + 60_000) : null;
  const rangeMessage = (end: 'from' | 'to') => customRangeMessage(i18n, rangeProblem, end);

  const choice = (k: keyof Filters, label: string, options: Record<string, MessageDescriptor>, anyLabel: string) => (
    <Dropdown
      aria-label={label}
      placeholder={label}
      value={draft[k] ? i18n._(options[draft[k]]) : anyLabel}
      selectedOptions={[draft[k]]}
      onOptionSelect={(_, d) => field(k)(d.optionValue ?? '')}
      style={{ minWidth: 140 }}
    >
      <Option value="">{anyLabel}</Option>
      {Object.entries(options).map(([value, m]) => (
        <Option key={value} value={value}>
          {i18n._(m)}
        </Option>
      ))}
    </Dropdown>
  );

  return (
    <ScreenFrame
      title={<Trans>Alarm center</Trans>}
      beside={
        <span style={{ display: 'inline-flex', gap: 16 }}>
          <ScreenLink to="/pageManger">
            <Trans>Page management</Trans>
          </ScreenLink>
          <ScreenLink to="/captures">
            <Trans>AI captures</Trans>
          </ScreenLink>
        </span>
      }
    >

      {projectId ? <AlarmCenterAnalysis projectId={projectId} /> : null}

      <form
        aria-label={t`Alarm filters`}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 16 }}
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
          setPage(1);
          setSelected(new Set());
        }}
      >
        {choice('range', t`Time range`, RANGE_CHOICES, t`All time`)}
        {draft.range === CUSTOM_RANGE ? (
          <>
            <Field label={t`From (Beijing time)`} orientation="horizontal" validationMessage={rangeMessage('from')}>
              <Input type="datetime-local" value={draft.from} onChange={(_, d) => field('from')(d.value)} />
            </Field>
            <Field label={t`To (Beijing time)`} orientation="horizontal" validationMessage={rangeMessage('to')}>
              <Input type="datetime-local" value={draft.to} onChange={(_, d) => field('to')(d.value)} />
            </Field>
          </>
        ) : null}
        {choice('kind', t`Kind`, KINDS, t`All kinds`)}
        {choice('level', t`Level`, LEVELS, t`All levels`)}
        {choice('status', t`Status`, Object.fromEntries(Object.entries(STATUSES).map(([k, v]) => [k, v.label])), t`All statuses`)}
        {choice('shelving', t`Shelving`, Object.fromEntries(Object.entries(SHELVING).map(([k, v]) => [k, v.label])), t`Shelved or not`)}
        <Input aria-label={t`Device SN`} placeholder={t`Device SN`} value={draft.deviceSn} onChange={(_, d) => field('deviceSn')(d.value)} />
        <Input aria-label={t`Search`} placeholder={t`Device, metric or remark`} value={draft.text} onChange={(_, d) => field('text')(d.value)} />
        <Button appearance="primary" type="submit" disabled={rangeProblem !== null}>
          <Trans>Search</Trans>
        </Button>
        <Button
          onClick={() => {
            setDraft(NO_FILTERS);
            setFilters(NO_FILTERS);
            setPage(1);
          }}
        >
          <Trans>Reset</Trans>
        </Button>
        <span style={{ flex: 1 }} />
        <Button disabled={untreatedSelected.length === 0} onClick={() => setHandling(untreatedSelected)}>
          <Trans>Handle selected ({selectedCount})</Trans>
        </Button>
        <Button disabled={shelvableCount === 0} onClick={() => setShelving(shelvableSelected)}>
          <Trans>Shelve selected ({shelvableCount})</Trans>
        </Button>
        <Button disabled={shelvedCount === 0} onClick={() => unshelve(shelvedSelected)}>
          <Trans>Unshelve selected ({shelvedCount})</Trans>
        </Button>
        <Button onClick={() => void exportAs('xlsx')}>
          <Trans>Export .xlsx</Trans>
        </Button>
        <Button onClick={() => void exportAs('csv')}>
          <Trans>Export CSV</Trans>
        </Button>
      </form>

      {loading && !data ? (
        <Spinner />
      ) : (
        <Table aria-label={t`Alarms`} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: 36 }}>
                <Checkbox
                  aria-label={t`Select all`}
                  checked={list.length > 0 && list.every((a) => selected.has(a.alarmId))}
                  onChange={(_, d) => setSelected(d.checked ? new Set(list.map((a) => a.alarmId)) : new Set())}
                />
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Raised</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Device</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Alarm</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Level</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Value / limit</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Repeats</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Status</Trans>
              </TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((a) => {
              const alarmId = a.alarmId;
              return (
              <TableRow key={a.alarmId} data-alarm-id={a.alarmId}>
                <TableCell>
                  <Checkbox
                    aria-label={t`Select alarm ${alarmId}`}
                    checked={selected.has(a.alarmId)}
                    onChange={(_, d) =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (d.checked) next.add(a.alarmId);
                        else next.delete(a.alarmId);
                        return next;
                      })
                    }
                  />
                </TableCell>
                <TableCell>{formatBeijing(a.raisedAtMs)}</TableCell>
                <TableCell>
                  {a.deviceName} <span style={{ color: SCREEN.textMuted }}>{a.deviceSn}</span>
                </TableCell>
                <TableCell>{alarmTitle(i18n, a)}</TableCell>
                <TableCell>{i18n._(LEVELS[a.level])}</TableCell>
                <TableCell>{valueAgainstLimit(a)}</TableCell>
                <TableCell>{a.repeatCount ?? 1}</TableCell>
                <TableCell>
                  {i18n._(a.state === 'active' ? STATUSES.active.label : STATUSES.cleared.label)} · {i18n._(DEAL_RESULTS[a.dealStatus])}
                  <div>
                    <ShelvedBadge alarm={a} />
                  </div>
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => openDetail(a.alarmId)}>
                    <Trans>Details</Trans>
                  </Button>
                  {a.dealStatus === 0 ? (
                    <Button size="small" onClick={() => setHandling([a.alarmId])}>
                      <Trans>Handle</Trans>
                    </Button>
                  ) : null}
                  {isShelved(a, nowMs) ? (
                    <Button size="small" onClick={() => unshelve([a.alarmId])}>
                      <Trans>Unshelve</Trans>
                    </Button>
                  ) : canShelve(a) ? (
                    <Button size="small" onClick={() => setShelving([a.alarmId])}>
                      <Trans>Shelve</Trans>
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}

      <ListPager total={total} page={page} pageCount={pageCount} onPage={setPage} style={{ marginTop: 12 }} />

      <AlarmDetailDrawer detail={detail} onClose={() => setDetailId(null)} />
      {shelving ? (
        <ShelveDialog
          alarmIds={shelving}
          shelve={(alarmIds, minutes, reason) => alarmStore.shelve(alarmIds, minutes, reason)}
          onClose={(done) => {
            setShelving(null);
            if (done) {
              setSelected(new Set());
              queries.invalidate([ALARMS.alarmShelve.tag]); // shelved through the live alarm store
            }
          }}
        />
      ) : null}
      <HandleDialog
        alarmIds={handling}
        onClose={(done) => {
          setHandling(null);
          if (done) setSelected(new Set()); // the list, the analysis and an open detail reload (QueryStore.mutate)
        }}
      />
    </ScreenFrame>
  );
});

/**
 * "18.2 / 17 ppm" with the metric's decimals, and the peak when it differs ("18.2 / 17 ppm · peak 21.4");
 * '' for alarms without a reading (SOS, AI, offline).
 */
function valueAgainstLimit(a: AlarmRecord): string {
  const text = alarmValueAgainstLimit(a);
  if (!text || a.peakValue === null || a.peakValue === undefined || a.peakValue === a.value) return text;
  return `${text} · ▲${formatDisplayNumber(a.peakValue, alarmDigits(a))}`;
}

/** The detail drawer: the alarm against its limit, where the device is, the timeline and, for AI alarms, the capture and the camera's violation analysis. */
const AlarmDetailDrawer = observer(function AlarmDetailDrawer({ detail, onClose }: { detail: AlarmDetail | null; onClose: () => void }) {
  const { i18n } = useLingui();
  const { tunnels } = useStores();
  // the tunnels name the alarm's location: read once a detail is shown
  const projectId = useProjectId();
  useProjectTunnels(detail ? projectId : null);
  const a = detail?.alarm as AlarmRecord | undefined;
  // an AI alarm's camera: its violation analysis (capture/analysis)
  const [analysisOpen, setAnalysisOpen] = useState(false);
  return (
    <Drawer type="overlay" position="end" size="medium" open={detail !== null} onOpenChange={(_, d) => !d.open && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={i18n._(msg`Close`)} onClick={onClose}>✕</Button>}>
          <Trans>Alarm details</Trans>
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {a && detail ? (
          <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 16px' }}>
            <dt>
              <Trans>Device</Trans>
            </dt>
            <dd style={{ margin: 0 }}>
              {a.deviceName} ({a.deviceSn})
            </dd>
            <dt>
              <Trans>Alarm</Trans>
            </dt>
            <dd style={{ margin: 0 }}>
              {alarmTitle(i18n, a)} · {i18n._(LEVELS[a.peakLevel ?? a.level])}
            </dd>
            <dt>
              <Trans>Value / limit</Trans>
            </dt>
            <dd style={{ margin: 0 }}>{valueAgainstLimit(a) || '–'}</dd>
            <dt>
              <Trans>Location</Trans>
            </dt>
            <dd style={{ margin: 0 }}>
              {alarmLocationText(detail.location, tunnels.tunnels) || '–'}
            </dd>
            <dt>
              <Trans>Repeats</Trans>
            </dt>
            <dd style={{ margin: 0 }}>{a.repeatCount ?? 1}</dd>
            <dt>
              <Trans>Timeline</Trans>
            </dt>
            <dd style={{ margin: 0 }}>
              <ol aria-label={i18n._(msg`Timeline`)} style={{ margin: 0, paddingLeft: 18 }}>
                {detail.timeline.map((s) => (
                  <li key={s.step}>
                    {i18n._(STEPS[s.step])} {formatBeijing(s.atMs)}
                    {s.by ? ` · ${s.by}` : ''}
                  </li>
                ))}
              </ol>
            </dd>
            {projectId ? <AlarmEmergencyNearby projectId={projectId} detail={detail} /> : null}
            {a.dealRemark ? (
              <>
                <dt>
                  <Trans>Remark</Trans>
                </dt>
                <dd style={{ margin: 0 }}>{a.dealRemark}</dd>
              </>
            ) : null}
            {a.picUrl ? (
              <>
                <dt>
                  <Trans>Capture</Trans>
                </dt>
                <dd style={{ margin: 0 }}>
                  <CapturePicture key={a.picUrl} src={appUrl(a.picUrl)} alt={i18n._(msg`AI capture`)} />
                  {a.kind === 'ai' ? <WatchMomentLink moment={{ projectId: a.projectId, cameraSn: a.deviceSn, atMs: a.raisedAtMs }} /> : null}
                </dd>
              </>
            ) : null}
            {a.kind === 'ai' && projectId ? (
              <>
                <dt />
                <dd style={{ margin: 0 }}>
                  <Button onClick={() => setAnalysisOpen(true)}>
                    <Trans>Violation analysis</Trans>
                  </Button>
                  <CaptureAnalysisModal projectId={projectId} open={analysisOpen} onClose={() => setAnalysisOpen(false)} cameraSn={a.deviceSn} />
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </DrawerBody>
    </Drawer>
  );
});

/** Handle one or several alarms with a status and a remark (a preset or free text). */
function HandleDialog({ alarmIds, onClose }: { alarmIds: number[] | null; onClose: (done: boolean) => void }) {
  const { queries } = useStores();
  const { t, i18n } = useLingui();
  const [dealStatus, setDealStatus] = useState<1 | 2>(1);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const count = alarmIds?.length ?? 0;
  useEffect(() => {
    if (alarmIds) setRemark('');
  }, [alarmIds]);
  const submit = async () => {
    if (!alarmIds || !remark.trim()) return;
    setBusy(true);
    try {
      await queries.mutate(ALARMS.alarmDealBatch, { alarmIds, dealStatus, dealRemark: remark.trim() });
      onClose(true);
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={alarmIds !== null} onOpenChange={(_, d) => !d.open && onClose(false)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            <Plural value={count} one="Handle # alarm" other="Handle # alarms" />
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Dropdown
              aria-label={t`Handling result`}
              value={i18n._(DEAL_RESULTS[dealStatus])}
              selectedOptions={[String(dealStatus)]}
              onOptionSelect={(_, d) => setDealStatus(d.optionValue === '2' ? 2 : 1)}
            >
              <Option value="1">{i18n._(DEAL_RESULTS[1])}</Option>
              <Option value="2">{i18n._(DEAL_RESULTS[2])}</Option>
            </Dropdown>
            <Dropdown aria-label={t`Preset remarks`} placeholder={t`Preset remarks`} onOptionSelect={(_, d) => setRemark(d.optionText ?? '')}>
              {DEAL_REMARK_PRESETS.map((p, i) => (
                <Option key={p} value={p}>
                  {i18n._(PRESET_LABELS[i])}
                </Option>
              ))}
            </Dropdown>
            <Textarea aria-label={t`Remark`} placeholder={t`Please fill in the remarks information`} value={remark} onChange={(_, d) => setRemark(d.value)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button appearance="primary" disabled={busy || !remark.trim()} onClick={() => void submit()}>
              <Trans>Confirm</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * An AI alarm's capture picture (served by the server, docs/api.md "alarm/capture"), opening full size in
 * a new tab; a picture the server no longer keeps (pruned after 90 days) says so instead of a broken image.
 */
function CapturePicture({ src, alt }: { src: string; alt: string }) {
  const [missing, setMissing] = useState(false);
  if (missing) {
    return (
      <span style={{ color: SCREEN.textMuted }}>
        <Trans>The image has been deleted</Trans>
      </span>
    );
  }
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" title={alt}>
      <img src={src} alt={alt} onError={() => setMissing(true)} style={{ maxWidth: '100%', minWidth: 240, imageRendering: 'auto', display: 'block' }} />
    </a>
  );
}
