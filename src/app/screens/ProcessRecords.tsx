import { Fragment, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { CYCLES, type CycleRecordPage, type HeadingCycleState } from '../../../protocol';
import { useQuery } from '../../stores';
import { downloadExport } from '../../api/downloadExport';
import { SCREEN } from '../../theme/theme';
import { formatBeijing } from '../../format/time';
import { CONFIDENCE_LABEL, SOURCE_LABEL, STAGE_LABEL, WORK_FACE_LABEL } from '../../components/cycles/stageText';

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

/** A `yyyy-mm-dd` date input's value as the start of that Beijing day, ms, or undefined when empty. */
function beijingDayMs(value: string): number | undefined {
  return value ? Date.parse(`${value}T00:00:00+08:00`) : undefined;
}

/**
 * The process record table (cycles/records): total, index, editors, tunnel area, work face, date, basic
 * information, blast time, effective hours, excavation cycles, footage; filters by heading and dates; a
 * detail row with the round's stages; the filtered rounds as an .xlsx file (cycles/export).
 */
export const ProcessRecords = observer(function ProcessRecords({ projectId, headings }: { projectId: string; headings: readonly HeadingCycleState[] }) {
  const { i18n, t } = useLingui();
  const [headingId, setHeadingId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const fromMs = beijingDayMs(from);
  const toMs = beijingDayMs(to);
  const filters = { projectId, ...(headingId ? { headingId } : {}), ...(fromMs !== undefined ? { fromMs } : {}), ...(toMs !== undefined ? { toMs: toMs + DAY_MS } : {}) };
  const data: CycleRecordPage | null = useQuery(CYCLES.records, { ...filters, page, pageSize: PAGE_SIZE }).data;

  const cell = { padding: '6px 10px', borderTop: `1px solid ${SCREEN.panelBorder}`, whiteSpace: 'nowrap' } as const;
  const head = { ...cell, textAlign: 'left', fontWeight: 400, color: SCREEN.textMuted } as const;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-label={t`Process records`} data-process-records>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', marginBottom: 8, fontSize: 14 }}>
        <h2 style={{ fontSize: 18, margin: 0 }}>
          <Trans>Process records</Trans>
        </h2>
        <span data-total>
          <Trans>{data?.total ?? 0} records in all</Trans>
        </span>
        <label>
          <Trans>Heading</Trans>{' '}
          <select data-filter-heading value={headingId} onChange={(e) => (setHeadingId(e.target.value), setPage(1))} style={{ fontSize: 14 }}>
            <option value="">{t`All`}</option>
            {headings.map((h) => (
              <option key={h.headingId} value={h.headingId}>
                {h.headingName}
              </option>
            ))}
          </select>
        </label>
        <label>
          <Trans>From</Trans> <input type="date" value={from} onChange={(e) => (setFrom(e.target.value), setPage(1))} style={{ fontSize: 14 }} />
        </label>
        <label>
          <Trans>To</Trans> <input type="date" value={to} onChange={(e) => (setTo(e.target.value), setPage(1))} style={{ fontSize: 14 }} />
        </label>
        <Button
          data-export
          onClick={async () => setExportFailed(!(await downloadExport(CYCLES.export.path, filters, 'process-records.xlsx')))}
        >
          <Trans>Export .xlsx</Trans>
        </Button>
        {exportFailed ? <span role="alert">{t`The export failed. Please retry.`}</span> : null}
      </div>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 14 }}>
        <thead>
          <tr>
            <th style={head}><Trans>Index</Trans></th>
            <th style={head}><Trans>Editors</Trans></th>
            <th style={head}><Trans>Tunnel area</Trans></th>
            <th style={head}><Trans>Work face</Trans></th>
            <th style={head}><Trans>Date</Trans></th>
            <th style={head}><Trans>Basic information</Trans></th>
            <th style={head}><Trans>Blast time</Trans></th>
            <th style={head}><Trans>Effective hours</Trans></th>
            <th style={head}><Trans>Excavation cycles</Trans></th>
            <th style={head}><Trans>Footage</Trans></th>
            <th style={head} />
          </tr>
        </thead>
        <tbody>
          {(data?.list ?? []).map((r) => (
            <Fragment key={r.cycleId}>
              <tr data-record={r.cycleId}>
                <td style={cell}>{r.index}</td>
                <td style={cell}>{r.editors.join(', ') || '–'}</td>
                <td style={cell}>
                  {r.tunnelName} · {r.headingName}
                </td>
                <td style={cell}>{i18n._(WORK_FACE_LABEL[r.workFace])}</td>
                <td style={cell}>{formatBeijing(r.startMs, 'YYYY-MM-DD')}</td>
                <td style={cell}>
                  {formatBeijing(r.startMs, 'HH:mm')}–{formatBeijing(r.endMs, 'MM-DD HH:mm')} · {r.rockGrade ?? '–'}
                </td>
                <td style={cell}>{r.blastMs === null ? '–' : formatBeijing(r.blastMs, 'MM-DD HH:mm')}</td>
                <td style={cell}>{r.effectiveHours.toFixed(1)} h</td>
                <td style={cell}>1</td>
                <td style={cell} data-footage={r.footageSource}>
                  {r.footageM.toFixed(2)} m {r.footageSource === 'nominal' ? <span style={{ color: SCREEN.textMuted }}>({t`nominal`})</span> : null}
                </td>
                <td style={cell}>
                  <Button size="small" data-detail onClick={() => setOpen(open === r.cycleId ? null : r.cycleId)}>
                    {open === r.cycleId ? <Trans>Close</Trans> : <Trans>Detail</Trans>}
                  </Button>
                </td>
              </tr>
              {open === r.cycleId ? (
                <tr data-record-detail={r.cycleId}>
                  <td colSpan={11} style={{ ...cell, whiteSpace: 'normal' }}>
                    <ol style={{ margin: 0, paddingLeft: 20, columns: 2 }}>
                      {r.stages.map((s) => (
                        <li key={s.startMs}>
                          {i18n._(STAGE_LABEL[s.stage])}: {formatBeijing(s.startMs, 'MM-DD HH:mm')}–{formatBeijing(s.endMs, 'HH:mm')} · {i18n._(SOURCE_LABEL[s.source])}, {i18n._(CONFIDENCE_LABEL[s.confidence])}
                        </li>
                      ))}
                    </ol>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 8, fontSize: 14 }}>
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <span>
          {page} / {pages}
        </span>
        <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </section>
  );
});
