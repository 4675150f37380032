import { useState } from 'react';
import { Checkbox, Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { SCHEDULE, parseContractBody, type ScheduleTask } from '../../../protocol';
import { useStores } from '../../stores';
import { EditDialog } from './admin/adminUi';

interface Draft {
  wbs: string;
  name: string;
  parentId: string;
  plannedStart: string;
  plannedEnd: string;
  actualStart: string;
  actualEnd: string;
  progressPct: string;
  predecessors: string;
  responsibleUnit: string;
  milestone: boolean;
}

function draftOf(t: ScheduleTask | null, all: readonly ScheduleTask[], today: string): Draft {
  const wbsOf = (id: number) => all.find((x) => x.taskId === id)?.wbs ?? '';
  return {
    wbs: t?.wbs ?? '',
    name: t?.name ?? '',
    parentId: t?.parentId ? String(t.parentId) : '',
    plannedStart: t?.plannedStart ?? today,
    plannedEnd: t?.plannedEnd ?? today,
    actualStart: t?.actualStart ?? '',
    actualEnd: t?.actualEnd ?? '',
    progressPct: String(t?.progressPct ?? 0),
    predecessors: (t?.predecessorIds ?? []).map(wbsOf).join(', '),
    responsibleUnit: t?.responsibleUnit ?? '',
    milestone: t?.milestone ?? false,
  };
}

/**
 * Adds a task (`task` null) or edits one (schedule/save): WBS, name, parent, planned and actual dates,
 * progress, predecessors by WBS code (comma-separated), responsible unit and milestone; a summary task's dates
 * and progress are shown as computed, not editable. The server's refusal
 * (a cycle, a repeated WBS, dates that contradict) is shown in the dialog. `onClose(saved)`.
 */
export function ScheduleTaskDialog({ projectId, task, tasks, today, onClose }: { projectId: string; task: ScheduleTask | null; tasks: readonly ScheduleTask[]; today: string; onClose: (saved: boolean) => void }) {
  const { t } = useLingui();
  const { queries } = useStores();
  const [d, setD] = useState<Draft>(() => draftOf(task, tasks, today));
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const parents = tasks.filter((x) => x.taskId !== task?.taskId);

  const save = async () => {
    const codes = d.predecessors.split(/[,;，；\s]+/).filter((c) => c !== '');
    const unknown = codes.find((c) => !tasks.some((x) => x.wbs === c));
    if (unknown) {
      setError(t`No task with WBS ${unknown}`);
      return;
    }
    const body = {
      projectId,
      ...(task ? { taskId: task.taskId } : {}),
      task: {
        wbs: d.wbs,
        name: d.name,
        parentId: d.parentId ? Number(d.parentId) : null,
        plannedStart: d.plannedStart,
        plannedEnd: d.plannedEnd,
        actualStart: d.actualStart || null,
        actualEnd: d.actualEnd || null,
        progressPct: d.progressPct.trim() === '' ? Number.NaN : Number(d.progressPct),
        predecessorIds: codes.map((c) => tasks.find((x) => x.wbs === c)!.taskId),
        responsibleUnit: d.responsibleUnit,
        milestone: d.milestone,
      },
    };
    const checked = parseContractBody(SCHEDULE.save.body, body);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    try {
      await queries.mutate(SCHEDULE.save, body, { skipErrorHandler: true });
      onClose(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  // a summary task's dates and progress are rolled up from the tasks under it: shown, sent back as they are
  const computed = task?.summary === true;
  const date = (label: string, key: 'plannedStart' | 'plannedEnd' | 'actualStart' | 'actualEnd') => (
    <Field label={label} style={{ flex: 1 }}>
      <Input type="date" aria-label={label} value={d[key]} readOnly={computed} disabled={computed} onChange={(_, v) => set({ [key]: v.value })} />
    </Field>
  );

  return (
    <EditDialog open title={task ? t`Edit task` : t`Add task`} error={error} saveLabel={t`Save`} cancelLabel={t`Cancel`} onSave={() => void save()} onClose={() => onClose(false)}>
      <div style={{ display: 'flex', gap: 12 }}>
        <Field label={t`WBS`} style={{ width: 140 }}>
          <Input aria-label={t`WBS`} value={d.wbs} onChange={(_, v) => set({ wbs: v.value })} />
        </Field>
        <Field label={t`Task name`} style={{ flex: 1 }}>
          <Input aria-label={t`Task name`} value={d.name} onChange={(_, v) => set({ name: v.value })} />
        </Field>
      </div>
      <Field label={t`Under`}>
        <Dropdown aria-label={t`Under`} value={parents.find((x) => String(x.taskId) === d.parentId)?.name ?? t`Top level`} selectedOptions={[d.parentId]} onOptionSelect={(_, v) => set({ parentId: v.optionValue ?? '' })}>
          <Option value="">{t`Top level`}</Option>
          {parents.map((x) => (
            <Option key={x.taskId} value={String(x.taskId)} text={`${x.wbs} ${x.name}`}>
              {x.wbs} {x.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {computed ? (
        <p data-summary-note style={{ margin: 0, fontSize: 14 }}>
          {t`Dates and progress are computed from the tasks under this one.`}
        </p>
      ) : null}
      <div style={{ display: 'flex', gap: 12 }}>
        {date(t`Planned start`, 'plannedStart')}
        {date(t`Planned end`, 'plannedEnd')}
      </div>
      <div style={{ display: 'flex', gap: 12 }}>
        {date(t`Actual start`, 'actualStart')}
        {date(t`Actual end`, 'actualEnd')}
      </div>
      <div style={{ display: 'flex', gap: 12, alignItems: 'end' }}>
        <Field label={t`Progress %`} style={{ width: 140 }}>
          <Input type="number" aria-label={t`Progress %`} value={d.progressPct} readOnly={computed} disabled={computed} onChange={(_, v) => set({ progressPct: v.value })} />
        </Field>
        <Field label={t`Predecessors (WBS, comma-separated)`} style={{ flex: 1 }}>
          <Input aria-label={t`Predecessors (WBS, comma-separated)`} value={d.predecessors} onChange={(_, v) => set({ predecessors: v.value })} />
        </Field>
      </div>
      <div style={{ display: 'flex', gap: 12, alignItems: 'end' }}>
        <Field label={t`Responsible unit`} style={{ flex: 1 }}>
          <Input aria-label={t`Responsible unit`} value={d.responsibleUnit} onChange={(_, v) => set({ responsibleUnit: v.value })} />
        </Field>
        <Checkbox label={t`Milestone`} checked={d.milestone} onChange={(_, v) => set({ milestone: v.checked === true })} />
      </div>
    </EditDialog>
  );
}
