import { useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Option, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ALG_TYPES, CAPTURES, DEVICES, kindArea, type CaptureFilterBody } from '../../../protocol';
import { useQuery } from '../../stores';
import { downloadExport } from '../../api/downloadExport';
import { formatBeijing } from '../../format/time';
import { SCREEN } from '../../theme/theme';
import { AI_METRIC_LABEL, DEAL_STATUS_LABEL, useNotify } from '../../components';
import { CapturePicture } from '../../components/captures/CapturePicture';
import { CaptureViewer, useAlgTypeLabel } from '../../components/captures/CaptureViewer';
import { ordinalOf, stepPosition, type ViewerPosition } from '../../components/captures/captureSteps';
import { ScreenFrame, ScreenLink } from './ScreenFrame';
import { ListPager } from './ListPager';
import { CaptureAnalysisModal } from './CaptureAnalysisModal';
import { useProjectId } from '../shell/useProjectId';

/** Capture records per table page. */
const PAGE_SIZE = 20;
/** Height of a table row's picture (CSS px). */
const THUMB_PX = 56;

/** The time-range filter's choices; "All time" filters no range. */
const RANGES: Record<string, { label: MessageDescriptor; ms: number }> = {
  day: { label: msg`Last 24 hours`, ms: 86_400_000 },
  week: { label: msg`Last 7 days`, ms: 7 * 86_400_000 },
  month: { label: msg`Last 30 days`, ms: 30 * 86_400_000 },
};
const DEAL_FILTERS: Record<string, MessageDescriptor> = { '0': DEAL_STATUS_LABEL[0], '1': DEAL_STATUS_LABEL[1], '2': DEAL_STATUS_LABEL[2] };

interface Filters {
  range: string;
  cameraSn: string;
  algType: string;
  dealStatus: string;
}
const NO_FILTERS: Filters = { range: 'week', cameraSn: '', algType: '', dealStatus: '' };

/** The capture/list (and capture/export) filter of the screen's choices, at `nowMs`. */
export function captureFilterOf(projectId: string, f: Filters, nowMs: number): CaptureFilterBody {
  const range = RANGES[f.range]?.ms ?? null;
  return {
    projectId,
    ...(range !== null ? { fromMs: Math.floor(nowMs - range) } : {}),
    ...(f.cameraSn ? { cameraSn: f.cameraSn } : {}),
    ...(f.algType ? { algType: f.algType as CaptureFilterBody['algType'] } : {}),
    ...(f.dealStatus ? { dealStatus: Number(f.dealStatus) as 0 | 1 | 2 } : {}),
  };
}

/**
 * /captures: the AI capture record of the project (docs/api.md "AI captures"): filters (time range,
 * camera, violation type, handling), paging on the server, a picture per record ("The image has been
 * deleted" once retention pruned it), the picture viewer (zoom, previous and next across the filtered
 * list, download), .xlsx export and the violation analysis modal. Handling stays in the alarm center.
 */
export const CapturesScreen = observer(function CapturesScreen() {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const projectId = useProjectId();
  const algLabel = useAlgTypeLabel();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [viewer, setViewer] = useState<ViewerPosition | null>(null);
  const [analysisOpen, setAnalysisOpen] = useState(false);

  // the time range is reckoned when the filters are applied: the same filters ask the same query
  const filterBody = useMemo(() => (projectId ? captureFilterOf(projectId, filters, Date.now()) : null), [projectId, filters]);
  const { data, loading } = useQuery(CAPTURES.captureList, filterBody ? { ...filterBody, page, pageSize: PAGE_SIZE } : null, { notify: true });
  const devices = useQuery(DEVICES.deviceList, projectId ? { projectId } : null).data;
  const cameras = (devices ?? []).filter((d) => kindArea(d.kind) === 'aiVideo');

  const list = data && data.page === page ? data.list : [];
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const shown = viewer && data && data.page === viewer.page ? (data.list[viewer.index] ?? null) : null;

  const step = (s: -1 | 1) => {
    if (!viewer) return;
    const next = stepPosition(viewer, s, PAGE_SIZE, total);
    if (!next) return;
    if (next.page !== page) setPage(next.page);
    setViewer(next);
  };
  const exportXlsx = async () => {
    if (!filterBody) return;
    const ok = await downloadExport(CAPTURES.captureExport.path, { ...filterBody, format: 'xlsx' }, 'captures.xlsx');
    if (!ok) notify('error', t`The export failed`);
  };
  const field = (k: keyof Filters) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const choice = (k: keyof Filters, label: string, options: Record<string, string>, anyLabel: string) => (
    <Dropdown
      aria-label={label}
      placeholder={label}
      value={draft[k] ? (options[draft[k]] ?? draft[k]) : anyLabel}
      selectedOptions={[draft[k]]}
      onOptionSelect={(_, d) => field(k)(d.optionValue ?? '')}
      style={{ minWidth: 160 }}
    >
      <Option value="">{anyLabel}</Option>
      {Object.entries(options).map(([value, text]) => (
        <Option key={value} value={value}>
          {text}
        </Option>
      ))}
    </Dropdown>
  );
  const translated = (m: Record<string, MessageDescriptor | undefined>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, m[k] ? i18n._(m[k]!) : k]));

  return (
    <ScreenFrame
      title={<Trans>AI captures</Trans>}
      beside={
        <ScreenLink to="/alarmCenter">
          <Trans>Alarm center</Trans>
        </ScreenLink>
      }
    >
      <form
        aria-label={t`Capture filters`}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 16 }}
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
          setPage(1);
          setViewer(null);
        }}
      >
        {choice('range', t`Time range`, translated(Object.fromEntries(Object.entries(RANGES).map(([k, v]) => [k, v.label])), Object.keys(RANGES)), t`All time`)}
        {choice('cameraSn', t`Camera`, Object.fromEntries(cameras.map((c) => [c.sn, c.name])), t`All cameras`)}
        {choice('algType', t`Violation type`, translated(AI_METRIC_LABEL, ALG_TYPES), t`All violation types`)}
        {choice('dealStatus', t`Status`, translated(DEAL_FILTERS, Object.keys(DEAL_FILTERS)), t`All statuses`)}
        <Button appearance="primary" type="submit">
          <Trans>Search</Trans>
        </Button>
        <Button
          onClick={() => {
            setDraft(NO_FILTERS);
            setFilters(NO_FILTERS);
            setPage(1);
            setViewer(null);
          }}
        >
          <Trans>Reset</Trans>
        </Button>
        <span style={{ flex: 1 }} />
        <Button onClick={() => setAnalysisOpen(true)}>
          <Trans>Violation analysis</Trans>
        </Button>
        <Button onClick={() => void exportXlsx()}>
          <Trans>Export .xlsx</Trans>
        </Button>
      </form>

      {loading && !data ? (
        <Spinner />
      ) : (
        <Table aria-label={t`Capture record`} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: 120 }}>
                <Trans>Picture</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Capture time</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Camera</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Violation</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Status</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>Remark</Trans>
              </TableHeaderCell>
              <TableHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((c, index) => (
              <TableRow key={c.alarmId} data-capture-id={c.alarmId}>
                <TableCell>
                  <button
                    type="button"
                    aria-label={t`Open picture`}
                    onClick={() => setViewer({ page, index })}
                    style={{ background: 'none', border: 0, padding: 2, cursor: 'pointer', color: 'inherit' }}
                  >
                    <CapturePicture capture={c} alt={`${c.cameraName} · ${algLabel(c)}`} height={THUMB_PX} />
                  </button>
                </TableCell>
                <TableCell>{formatBeijing(c.capTime)}</TableCell>
                <TableCell>
                  {c.cameraName} <span style={{ color: SCREEN.textMuted }}>{c.cameraSn}</span>
                </TableCell>
                <TableCell>{algLabel(c)}</TableCell>
                <TableCell data-deal-status={c.dealStatus}>{i18n._(DEAL_STATUS_LABEL[c.dealStatus])}</TableCell>
                <TableCell>{c.dealRemark ?? ''}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setViewer({ page, index })}>
                    <Trans>View</Trans>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <ListPager total={total} page={page} pageCount={pageCount} onPage={setPage} style={{ marginTop: 12 }} />

      {projectId ? (
        <>
          <CaptureViewer
            open={viewer !== null}
            capture={shown}
            projectId={projectId}
            ordinal={viewer ? ordinalOf(viewer, PAGE_SIZE) : 0}
            total={total}
            canPrev={viewer !== null && stepPosition(viewer, -1, PAGE_SIZE, total) !== null}
            canNext={viewer !== null && stepPosition(viewer, 1, PAGE_SIZE, total) !== null}
            onStep={step}
            onClose={() => setViewer(null)}
          />
          <CaptureAnalysisModal projectId={projectId} open={analysisOpen} onClose={() => setAnalysisOpen(false)} cameraSn={filters.cameraSn || undefined} />
        </>
      ) : null}
    </ScreenFrame>
  );
});
