import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { CYCLES, type CyclePresets, type CycleStage } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { useCycleAnalysis, useCycleState, useCycleTimeline } from '../../panelData';
import { SCREEN } from '../../theme/theme';
import { HeadingStageView } from '../../components/cycles/HeadingStageCard';
import { StageLegend, StageTimeline } from '../../components/cycles/StageTimeline';
import { CycleAveragesTable, CycleEfficiencyTable } from '../../components/cycles/CycleAnalysisView';
import { StageTrendChart } from '../../components/cycles/StageTrendChart';
import { StageSelect } from '../../components/cycles/StageSelect';
import { useProjectId } from '../shell/useProjectId';
import { ProcessRecords } from './ProcessRecords';
import { ScreenFrame } from './ScreenFrame';

const section = { background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, padding: 16, marginBottom: 16, fontSize: 16 } as const;
const h2 = { fontSize: 18, margin: '0 0 10px' } as const;

/**
 * The tunnel process screen (`/#/tunnel/process`, docs/domain.md "Drill-and-blast cycle"): every heading's
 * stage, the stage timeline of the last 24 hours, average cycle times and the efficiency against the
 * presets (administrators edit them here), the trend by stage and the process record table.
 */
export function TunnelProcessScreen() {
  const projectId = useProjectId();
  const { t } = useLingui();
  const { state, atMs } = useCycleState();
  const { timeline, fromMs, toMs } = useCycleTimeline(24);
  const [refresh, setRefresh] = useState(0);
  const { analysis } = useCycleAnalysis(undefined, refresh);
  const [stage, setStage] = useState<CycleStage>('mucking');
  const headings = state?.headings ?? [];
  return (
    <ScreenFrame title={<Trans>Tunnel process</Trans>}>
      <section style={section} aria-label={t`Process identification`}>
        <h2 style={h2}>
          <Trans>Process identification</Trans>
        </h2>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 12 }}>
          {headings.map((h) => (
            <HeadingStageView key={h.headingId} heading={h} atMs={atMs} startChainageM={null} />
          ))}
        </div>
      </section>
      <section style={section} aria-label={t`Stage timeline, last 24 hours`}>
        <h2 style={h2}>
          <Trans>Stage timeline, last 24 hours</Trans>
        </h2>
        {timeline ? <StageTimeline spans={timeline.spans} headings={headings.map((h) => ({ headingId: h.headingId, name: h.headingId }))} fromMs={fromMs} toMs={toMs} /> : null}
        <StageLegend />
      </section>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(680px, 1fr))', gap: 16 }}>
        <section style={{ ...section, overflowX: 'auto' }} aria-label={t`Average cycle time`}>
          <h2 style={h2}>
            <Trans>Average cycle time</Trans>
          </h2>
          {analysis ? <CycleAveragesTable analysis={analysis} /> : null}
          <h2 style={{ ...h2, marginTop: 16 }}>
            <Trans>Cycle-footage time analysis</Trans>
          </h2>
          {analysis ? <CycleEfficiencyTable analysis={analysis} /> : null}
          <PresetEditor projectId={projectId} onSaved={() => setRefresh(refresh + 1)} />
        </section>
        <section style={section} aria-label={t`Trend by stage`}>
          <h2 style={h2}>
            <Trans>Trend by stage</Trans>{' '}
            <StageSelect value={stage} onChange={setStage} fontSize={14} />
          </h2>
          {analysis && analysis.trend.length > 0 ? (
            <StageTrendChart analysis={analysis} stage={stage} width={560} height={260} />
          ) : (
            <p style={{ fontSize: 14, color: SCREEN.textMuted }}>
              <Trans>No rounds closed in the last 7 days</Trans>
            </p>
          )}
        </section>
      </div>
      <section style={section}>{projectId ? <ProcessRecords projectId={projectId} headings={headings} /> : null}</section>
    </ScreenFrame>
  );
}

/** The preset round hours per grade; saving needs the project administration permission (the server refuses others). */
const PresetEditor = observer(function PresetEditor({ projectId, onSaved }: { projectId: string | null; onSaved: () => void }) {
  const { queries } = useStores();
  const { t } = useLingui();
  // a saved preset reloads this and the analysis (queries.mutate reloads the cycle contracts' queries)
  const presets: CyclePresets | null = useQuery(CYCLES.presets, projectId ? { projectId } : null).data;
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  if (!presets || !projectId) return null;
  const save = async () => {
    const changed = Object.entries(edits)
      .filter(([, v]) => v !== '')
      .map(([g, v]) => ({ rockGrade: g as 'I', hours: Number(v) }));
    if (changed.length === 0) return;
    try {
      await queries.mutate(CYCLES.presetSet, { projectId, presets: changed });
      setEdits({});
      setMessage(t`Presets saved`);
      onSaved();
    } catch {
      setMessage(t`Presets not saved`);
    }
  };
  return (
    <details style={{ marginTop: 12, fontSize: 14 }} data-presets>
      <summary>
        <Trans>Preset round hours per grade</Trans>
      </summary>
      <div style={{ display: 'flex', gap: 10, flexWrap: 'wrap', alignItems: 'center', marginTop: 8 }}>
        {presets.presets.map((p) => (
          <label key={p.rockGrade}>
            {p.rockGrade}{' '}
            <input type="number" min={1} max={72} step={0.5} style={{ width: 64, fontSize: 14 }} placeholder={String(p.hours)} value={edits[p.rockGrade] ?? ''} onChange={(e) => setEdits({ ...edits, [p.rockGrade]: e.target.value })} /> h
          </label>
        ))}
        <Button size="small" onClick={() => void save()}>
          <Trans>Save</Trans>
        </Button>
        <span role="status">{message}</span>
      </div>
    </details>
  );
});
