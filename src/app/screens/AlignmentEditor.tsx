import { useState } from 'react';
import { Dropdown, Option, Textarea } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { alignmentPointsSchema, TUNNEL, type AlignmentPoint, type BoreAlignment, type ImportProblem, type TunnelInfo } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { EditDialog, fileToBase64 } from './admin/adminUi';

/** The points as editable text: one `chainageM, x, y` line per point. */
function textOf(points: readonly AlignmentPoint[]): string {
  return points.map((p) => `${p.chainageM}, ${p.x}, ${p.y}`).join('\n');
}

/**
 * The points of the text, or the problem of its first bad line (1-based): three numbers a line, chainage
 * strictly increasing, 2 to 2000 lines (alignmentPointsSchema); blank lines are skipped.
 */
export function parsePointLines(text: string): { points: AlignmentPoint[] } | { line: number; message: string } {
  const points: AlignmentPoint[] = [];
  const lineOf: number[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    if (raw.trim() === '') continue;
    const cells = raw.split(/[,;\t ]+/).filter((c) => c !== '').map(Number);
    if (cells.length !== 3 || cells.some((n) => !Number.isFinite(n))) return { line: i + 1, message: 'three numbers: chainage, x, y' };
    points.push({ chainageM: cells[0], x: cells[1], y: cells[2] });
    lineOf.push(i + 1);
  }
  const parsed = alignmentPointsSchema.safeParse(points);
  if (!parsed.success) {
    const at = parsed.error.issues[0].path[0];
    return { line: typeof at === 'number' ? lineOf[at] : 1, message: parsed.error.issues[0].message };
  }
  return { points: parsed.data };
}

/**
 * Administrators' editor of the bores' plan alignments (tunnel/alignment/set): a bore's points as lines of
 * `chainage, x, y` (metres; x east, y north), its cross passages kept; or an .xlsx or .csv import
 * (tunnel/alignment/import) whose problems are listed with their row numbers (nothing is written then).
 * `onClose(changed)`.
 */
export function AlignmentEditor({ projectId, tunnels, onClose }: { projectId: string; tunnels: readonly TunnelInfo[]; onClose: (changed: boolean) => void }) {
  const { queries } = useStores();
  const { t } = useLingui();
  const saved: readonly BoreAlignment[] = useQuery(TUNNEL.plan, { projectId }).data?.alignments ?? [];
  const [tunnelId, setTunnelId] = useState(tunnels[0]?.tunnelId ?? '');
  const [edited, setEdited] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [changed, setChanged] = useState(false);
  const tunnel = tunnels.find((x) => x.tunnelId === tunnelId);
  const current = saved.find((a) => a.tunnelId === tunnelId);
  const text = edited[tunnelId] ?? textOf(current?.points ?? []);

  const save = async () => {
    const r = parsePointLines(text);
    if ('line' in r) {
      setError(t`Line ${r.line}: ${r.message}`);
      return;
    }
    try {
      await queries.mutate(TUNNEL.alignmentSet, { projectId, alignment: { tunnelId, points: r.points, crossPassages: current?.crossPassages ?? [] } }, { skipErrorHandler: true });
      setChanged(true);
      setError(null);
      onClose(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const importFile = async (file: File) => {
    try {
      const format = file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx';
      const r = await queries.mutate(TUNNEL.alignmentImport, { projectId, format, contentBase64: await fileToBase64(file) }, { skipErrorHandler: true });
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
    <EditDialog open title={t`Plan alignment`} error={error} saveLabel={t`Save`} cancelLabel={t`Cancel`} onSave={() => void save()} onClose={() => onClose(changed)}>
      <Dropdown aria-label={t`Bore`} value={tunnel?.name ?? tunnelId} selectedOptions={[tunnelId]} onOptionSelect={(_, d) => setTunnelId(d.optionValue ?? '')}>
        {tunnels.map((x) => (
          <Option key={x.tunnelId} value={x.tunnelId}>
            {x.name}
          </Option>
        ))}
      </Dropdown>
      <label style={{ display: 'grid', gap: 4, fontSize: 14 }}>
        <Trans>Points, one a line: chainage (m), x east (m), y north (m)</Trans>
        <Textarea
          aria-label={t`Alignment points`}
          value={text}
          rows={12}
          style={{ fontFamily: 'monospace' }}
          onChange={(_, d) => setEdited((e) => ({ ...e, [tunnelId]: d.value }))}
        />
      </label>
      {current ? null : (
        <p style={{ margin: 0, fontSize: 14 }}>
          <Trans>No alignment yet: the plan draws this bore straight.</Trans>
        </p>
      )}
      <label style={{ fontSize: 14 }}>
        <Trans>Import .xlsx or .csv (columns tunnelId, chainageM, x, y)</Trans>{' '}
        <input type="file" accept=".xlsx,.csv" onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])} />
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
