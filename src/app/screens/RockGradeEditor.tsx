import { useState } from 'react';
import { Button, Dropdown, Input, Option } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { rockGradeSchema, rockSegmentSchema, TUNNEL, type ImportProblem, type RockSegment, type TunnelInfo } from '../../../protocol';
import { useStores } from '../../stores';
import { EditDialog, fileToBase64 } from './admin/adminUi';

const GRADES = rockGradeSchema.unwrap().options;
type Row = { fromM: string; toM: string; grade: RockSegment['grade'] };

/** The editable rows of a bore's saved segments. */
function rowsOf(tunnel: TunnelInfo | undefined): Row[] {
  return (tunnel?.rockSegments ?? []).map((s) => ({ fromM: String(s.fromM), toM: String(s.toM), grade: s.grade }));
}

/**
 * Administrators' editor of the bores' surrounding-rock segments (tunnel/rockGrades/set): one table per bore
 * of from / to (metres from the entry portal) and grade; or an .xlsx import (tunnel/rockGrades/import) whose
 * problems are listed with their row numbers (nothing is written then). `onClose(changed)`.
 */
export function RockGradeEditor({ projectId, tunnels, onClose }: { projectId: string; tunnels: readonly TunnelInfo[]; onClose: (changed: boolean) => void }) {
  const { queries } = useStores();
  const { t } = useLingui();
  const [tunnelId, setTunnelId] = useState(tunnels[0]?.tunnelId ?? '');
  const tunnel = tunnels.find((x) => x.tunnelId === tunnelId);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(tunnel));
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [changed, setChanged] = useState(false);

  const pick = (id: string) => {
    setTunnelId(id);
    setRows(rowsOf(tunnels.find((x) => x.tunnelId === id)));
    setError(null);
  };
  const set = (i: number, patch: Partial<Row>) => setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  const save = async () => {
    const segments: RockSegment[] = [];
    for (const [i, r] of rows.entries()) {
      const parsed = rockSegmentSchema.safeParse({ fromM: Number(r.fromM), toM: Number(r.toM), grade: r.grade });
      if (!parsed.success || r.fromM.trim() === '' || r.toM.trim() === '') {
        setError(t`Row ${i + 1}: from and to are metres with from < to`);
        return;
      }
      segments.push(parsed.data);
    }
    try {
      await queries.mutate(TUNNEL.rockGradesSet, { projectId, tunnelId, segments }, { skipErrorHandler: true });
      setChanged(true);
      setError(null);
      onClose(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const importFile = async (file: File) => {
    try {
      const r = await queries.mutate(TUNNEL.rockGradesImport, { projectId, contentBase64: await fileToBase64(file) }, { skipErrorHandler: true });
      setProblems(r.problems);
      if (r.problems.length === 0) {
        setChanged(true);
        onClose(true);
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <EditDialog open title={t`Surrounding-rock grades`} error={error} saveLabel={t`Save`} cancelLabel={t`Cancel`} onSave={() => void save()} onClose={() => onClose(changed)}>
      <Dropdown aria-label={t`Bore`} value={tunnel?.name ?? tunnelId} selectedOptions={[tunnelId]} onOptionSelect={(_, d) => pick(d.optionValue ?? '')}>
        {tunnels.map((x) => (
          <Option key={x.tunnelId} value={x.tunnelId}>
            {x.name}
          </Option>
        ))}
      </Dropdown>
      <table style={{ borderCollapse: 'collapse', fontSize: 14 }}>
        <thead>
          <tr>
            <th style={{ textAlign: 'left' }}><Trans>From (m)</Trans></th>
            <th style={{ textAlign: 'left' }}><Trans>To (m)</Trans></th>
            <th style={{ textAlign: 'left' }}><Trans>Grade</Trans></th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} data-grade-row={i}>
              <td><Input type="number" aria-label={t`From (m)`} value={r.fromM} onChange={(_, d) => set(i, { fromM: d.value })} /></td>
              <td><Input type="number" aria-label={t`To (m)`} value={r.toM} onChange={(_, d) => set(i, { toM: d.value })} /></td>
              <td>
                <Dropdown aria-label={t`Grade`} value={r.grade} selectedOptions={[r.grade]} onOptionSelect={(_, d) => set(i, { grade: (d.optionValue ?? 'III') as Row['grade'] })} style={{ minWidth: 90 }}>
                  {GRADES.map((g) => (
                    <Option key={g} value={g}>
                      {g}
                    </Option>
                  ))}
                </Dropdown>
              </td>
              <td>
                <Button size="small" onClick={() => setRows((x) => x.filter((_, j) => j !== i))}>
                  <Trans>Remove</Trans>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <Button size="small" onClick={() => setRows((x) => [...x, { fromM: x.at(-1)?.toM ?? '0', toM: '', grade: 'III' }])}>
          <Trans>Add segment</Trans>
        </Button>
      </div>
      <label style={{ fontSize: 14 }}>
        <Trans>Import .xlsx (columns tunnelId, fromM, toM, grade)</Trans>{' '}
        <input type="file" accept=".xlsx" onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])} />
      </label>
      {problems.length > 0 ? (
        <ul role="alert" style={{ margin: 0, color: '#ff6b6b' }}>
          {problems.map((p, i) => (
            <li key={i}>{t`Row ${p.row}: ${p.message}`}</li>
          ))}
        </ul>
      ) : null}
    </EditDialog>
  );
}
