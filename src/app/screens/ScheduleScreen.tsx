import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, ToggleButton } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { SCHEDULE, type ImportProblem, type ScheduleTask } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { downloadExport } from '../../api/downloadExport';
import { GANTT_FONT_PX, GANTT_HEADER_PX, GANTT_ROW_PX, Gantt, TASK_STATUS_LABEL, statusColor } from '../../components/schedule/Gantt';
import { GANTT_SCALES, type GanttScale } from '../../components/schedule/ganttScale';
import { SCREEN } from '../../theme/theme';
import { fileToBase64 } from './admin/adminUi';
import { ScreenFrame, ScreenLink } from './ScreenFrame';
import { REGISTER_HEAD, RegisterSection } from './registerUi';
import { ScheduleTaskDialog } from './ScheduleTaskDialog';
import { useProjectId } from '../shell/useProjectId';

/** The screen asks again this often (ms). */
const REFRESH_MS = 60_000;

// a row's 1 px top border is part of its GANTT_ROW_PX, so it lines up with its bar
const cell = { padding: '0 8px', height: GANTT_ROW_PX - 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', fontVariantNumeric: 'tabular-nums' } as const;

/** How deep a task sits under its parents (0 at the top). */
function depthOf(t: ScheduleTask, byId: ReadonlyMap<number, ScheduleTask>): number {
  let n = 0;
  for (let p = t.parentId; p !== null && n < 20; p = byId.get(p)?.parentId ?? null) n++;
  return n;
}

/**
 * /schedule: the project schedule (docs/domain.md "Project schedule"): overall progress, late and at-risk
 * counts and work days; the task table beside the Gantt (day, week or month scale); add and edit in a
 * dialog, delete, .xlsx or Microsoft Project XML import (refused whole with its rows' or tasks' problems), its
 * template and the export.
 */
export const ScheduleScreen = observer(function ScheduleScreen() {
  const { t, i18n } = useLingui();
  const projectId = useProjectId();
  const { queries } = useStores();
  const [scale, setScale] = useState<GanttScale>('month');
  const [editing, setEditing] = useState<ScheduleTask | null | 'new'>(null);
  /** The last import's problems, and whether its file was Project XML (problems then name tasks by their ID in Project, not rows). */
  const [refused, setRefused] = useState<{ problems: ImportProblem[]; fromProject: boolean }>({ problems: [], fromProject: false });
  const [notice, setNotice] = useState<string | null>(null);
  const simple = useQuery(SCHEDULE.simple, projectId ? { projectId } : null, { refreshMs: REFRESH_MS, notify: true }).data;
  const work = useQuery(SCHEDULE.workDays, projectId ? { projectId } : null, { refreshMs: REFRESH_MS }).data;
  const tasks = simple?.list ?? [];
  const byId = new Map(tasks.map((x) => [x.taskId, x] as const));
  const scaleLabel: Record<GanttScale, string> = { day: t`Day`, week: t`Week`, month: t`Month` };

  const importFile = async (file: File) => {
    if (!projectId) return;
    setNotice(null);
    try {
      const r = await queries.mutate(SCHEDULE.import, { projectId, contentBase64: await fileToBase64(file) }, { skipErrorHandler: true });
      setRefused({ problems: r.problems, fromProject: /\.xml$/i.test(file.name) });
      if (r.problems.length === 0) setNotice(t`${r.imported} tasks imported`);
    } catch (err) {
      setNotice(err instanceof Error ? err.message : String(err));
    }
  };
  const remove = async (task: ScheduleTask) => {
    if (!projectId || !window.confirm(t`Delete ${task.wbs} ${task.name} and the tasks under it?`)) return;
    await queries.mutate(SCHEDULE.delete, { projectId, taskIds: [task.taskId] });
  };

  return (
    <ScreenFrame
      title={<Trans>Project schedule</Trans>}
      beside={
        <ScreenLink to="/home">
          <Trans>Project home</Trans>
        </ScreenLink>
      }
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 28, fontSize: 16, marginBottom: 12 }} data-schedule-figures>
        <span>
          <Trans>Overall progress</Trans> <strong data-schedule-progress>{simple?.progressPct ?? '—'}%</strong>
        </span>
        <span style={{ color: (simple?.late ?? 0) > 0 ? statusColor('late') : undefined }}>
          <Trans>Late</Trans> <strong data-schedule-late>{simple?.late ?? 0}</strong>
        </span>
        <span style={{ color: (simple?.atRisk ?? 0) > 0 ? statusColor('atRisk') : undefined }}>
          <Trans>At risk</Trans> <strong data-schedule-at-risk>{simple?.atRisk ?? 0}</strong>
        </span>
        <span>
          <Trans>Days worked</Trans> <strong>{work?.workedDays ?? '—'}</strong> / <Trans>planned</Trans> <strong>{work?.plannedDays ?? '—'}</strong>
        </span>
      </div>
      <RegisterSection label={t`Tasks and Gantt`}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {GANTT_SCALES.map((s) => (
            <ToggleButton key={s} checked={scale === s} onClick={() => setScale(s)}>
              {scaleLabel[s]}
            </ToggleButton>
          ))}
          <span style={{ flex: 1 }} />
          <Button appearance="primary" onClick={() => setEditing('new')}>
            <Trans>Add task</Trans>
          </Button>
          <label style={{ fontSize: 14, display: 'flex', gap: 6, alignItems: 'center' }}>
            <Trans>Import .xlsx or Project XML</Trans>
            <input type="file" accept=".xlsx,.xml" aria-label={t`Import .xlsx or Project XML`} onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])} />
          </label>
          <Button onClick={() => projectId && void downloadExport(SCHEDULE.importTemplate.path, { projectId }, 'schedule-template.xlsx')}>
            <Trans>Import template</Trans>
          </Button>
          <Button onClick={() => projectId && void downloadExport(SCHEDULE.export.path, { projectId }, 'schedule.xlsx')}>
            <Trans>Export .xlsx</Trans>
          </Button>
        </div>
        {notice ? <p role="status" style={{ margin: 0, fontSize: 15 }}>{notice}</p> : null}
        {refused.problems.length > 0 ? (
          <ul role="alert" style={{ margin: 0, color: statusColor('late'), fontSize: 15 }}>
            {refused.problems.map((p, i) => (
              <li key={i}>{p.row === 0 ? p.message : refused.fromProject ? t`Task ID ${p.row}, ${p.field}: ${p.message}` : t`Row ${p.row}, ${p.field}: ${p.message}`}</li>
            ))}
          </ul>
        ) : null}
        <div style={{ display: 'flex', maxHeight: 'calc(100vh - 260px)', minHeight: 320, overflow: 'auto', border: `1px solid ${SCREEN.panelBorder}` }}>
          <table style={{ borderCollapse: 'collapse', fontSize: GANTT_FONT_PX, flex: '0 0 auto', position: 'sticky', left: 0, zIndex: 1, background: SCREEN.panelBackground, alignSelf: 'flex-start' }} data-schedule-table>
            <thead>
              <tr style={{ height: GANTT_HEADER_PX }}>
                {[t`WBS`, t`Task`, t`Planned`, t`Actual`, t`Progress`, t`Status`, ''].map((h, i) => (
                  <th key={i} style={{ ...REGISTER_HEAD, padding: '0 8px' }}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tasks.map((x) => (
                <tr key={x.taskId} data-task={x.wbs} data-status={x.status} style={{ borderTop: `1px solid ${SCREEN.panelBorder}`, fontWeight: byId.has(x.taskId) && tasks.some((c) => c.parentId === x.taskId) ? 600 : undefined }}>
                  <td style={cell}>{x.wbs}</td>
                  <td style={{ ...cell, maxWidth: 300, paddingLeft: 8 + 14 * depthOf(x, byId) }} title={x.name}>
                    <button type="button" onClick={() => setEditing(x)} style={{ all: 'unset', cursor: 'pointer' }}>
                      {x.milestone ? '◆ ' : ''}
                      {x.name}
                    </button>
                  </td>
                  <td style={cell}>
                    {x.plannedStart.slice(2)} – {x.plannedEnd.slice(2)}
                  </td>
                  <td style={cell}>{x.actualStart ? `${x.actualStart.slice(2)} – ${x.actualEnd?.slice(2) ?? ''}` : '—'}</td>
                  <td style={{ ...cell, textAlign: 'right' }}>{x.progressPct}%</td>
                  <td style={{ ...cell, color: statusColor(x.status), fontWeight: x.status === 'late' || x.status === 'atRisk' ? 700 : undefined }} data-task-status={x.status}>
                    {i18n._(TASK_STATUS_LABEL[x.status])}
                  </td>
                  <td style={cell}>
                    <Button size="small" appearance="subtle" aria-label={t`Delete ${x.wbs}`} onClick={() => void remove(x)}>
                      ✕
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div style={{ flex: '0 0 auto' }}>{simple ? <Gantt tasks={tasks} today={simple.today} scale={scale} /> : null}</div>
        </div>
      </RegisterSection>
      {editing !== null && projectId && simple ? <ScheduleTaskDialog projectId={projectId} task={editing === 'new' ? null : editing} tasks={tasks} today={simple.today} onClose={() => setEditing(null)} /> : null}
    </ScreenFrame>
  );
});
