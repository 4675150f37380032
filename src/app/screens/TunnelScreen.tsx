import { useCallback, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Field, Input, Option, Spinner, Tab, TabList } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { TUNNEL, type ProgressEntry, type TunnelProgressAt } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { useCycleState } from '../../panelData';
import { BoreLegend, BoreProgress, chainageOf, gradesOf } from '../../components/tunnel/BoreProgress';
import { ProgressFigures } from '../../components/tunnel/ProgressFigures';
import { HeadingCycleSlot } from '../../components/tunnel/HeadingCycleSlot';
import { formatBeijing } from '../../format/time';
import { SCREEN } from '../../theme/theme';
import { ScreenFrame, ScreenLink } from './ScreenFrame';
import { useProjectId } from '../shell/useProjectId';
import { RockGradeEditor } from './RockGradeEditor';
import { AlignmentEditor } from './AlignmentEditor';
import { TunnelPlanView } from './TunnelPlanView';
import { TunnelVehicles } from './TunnelVehicles';

/** The screen asks the figures again this often (ms): a face moves a few metres per round. */
const REFRESH_MS = 30_000;
const POSITIONS = ['faceM', 'invertM', 'liningM', 'waterproofM'] as const;
type Position = (typeof POSITIONS)[number];

/**
 * /tunnel: every bore of the project with its surrounding-rock grades and their legend, the faces, invert,
 * lining and waterproofing, the progress figures and step distances (docs/api.md "Tunnel progress"), and per
 * heading the place where the drill-and-blast cycle's stage and figures go ({@link HeadingCycleSlot}).
 * Members who may edit the bores' zones report progress (audited); administrators edit the rock grades.
 */
export const TunnelScreen = observer(function TunnelScreen() {
  const { queries, session } = useStores();
  const { t } = useLingui();
  const projectId = useProjectId();
  const canReport = session.may('zone.edit');
  const canEditGrades = session.may('project.admin');
  // a report or a rock-grade edit (queries.mutate of a tunnel contract) reloads both at once
  const bores: readonly TunnelProgressAt[] | null = useQuery(TUNNEL.progressFigures, projectId ? { projectId } : null, { refreshMs: REFRESH_MS }).data;
  const recent: readonly ProgressEntry[] = useQuery(TUNNEL.progressList, projectId ? { projectId, limit: 10 } : null, { refreshMs: REFRESH_MS }).data ?? [];
  // each heading's drill-and-blast stage, shown in its box
  const cycles = useCycleState();
  const [headingId, setHeadingId] = useState('');
  const [form, setForm] = useState<Record<Position, string>>({ faceM: '', invertM: '', liningM: '', waterproofM: '' });
  const [error, setError] = useState<string | null>(null);
  const [editingGrades, setEditingGrades] = useState(false);
  const [editingAlignment, setEditingAlignment] = useState(false);
  // the bores drawn along their length (strip) or along their alignment, north up (plan)
  const [view, setView] = useState<'strip' | 'plan'>('strip');
  // a saved alignment draws the plan again at once
  const [planRevision, setPlanRevision] = useState(0);

  const headings = (bores ?? []).flatMap((b) => b.tunnel.headings.map((h) => ({ tunnel: b.tunnel, h })));
  const chosen = headings.find((x) => x.h.headingId === headingId) ?? headings[0];

  const submit = useCallback(async () => {
    if (!projectId || !chosen) return;
    const body: Partial<Record<Position, number>> = {};
    for (const p of POSITIONS) {
      const v = form[p].trim();
      if (v === '') continue;
      const n = Number(v);
      if (!Number.isFinite(n)) {
        setError(t`Not a number: ${v}`);
        return;
      }
      body[p] = n;
    }
    if (Object.keys(body).length === 0) {
      setError(t`Enter at least one position`);
      return;
    }
    try {
      await queries.mutate(TUNNEL.progressReport, { projectId, headingId: chosen.h.headingId, ...body }, { skipErrorHandler: true });
      setError(null);
      setForm({ faceM: '', invertM: '', liningM: '', waterproofM: '' });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }, [projectId, chosen, form, queries, t]);

  const label: Record<Position, string> = { faceM: t`Face`, invertM: t`Invert`, liningM: t`Second lining`, waterproofM: t`Waterproofing`};
  const sourceLabel: Record<ProgressEntry['source'], string> = { report: t`Report`, device: t`Device`, cycle: t`Cycle`, seed: t`Design start` };

  return (
    <ScreenFrame
      title={<Trans>Tunnel progress</Trans>}
      beside={
        <ScreenLink to="/zones">
          <Trans>Zones</Trans>
        </ScreenLink>
      }
      actions={
        canEditGrades && bores ? (
          <>
            <Button onClick={() => setEditingGrades(true)}>
              <Trans>Rock grades</Trans>
            </Button>
            <Button onClick={() => setEditingAlignment(true)}>
              <Trans>Plan alignment</Trans>
            </Button>
          </>
        ) : null
      }
    >
      {!bores ? (
        <Spinner />
      ) : bores.length === 0 ? (
        <p>
          <Trans>This project has no tunnel bores.</Trans>
        </p>
      ) : (
        <div style={{ display: 'grid', gap: 24 }}>
          <TabList selectedValue={view} onTabSelect={(_, d) => setView(d.value === 'plan' ? 'plan' : 'strip')} aria-label={t`Tunnel view`}>
            <Tab value="strip">
              <Trans>Strip</Trans>
            </Tab>
            <Tab value="plan" data-tunnel-view="plan">
              <Trans>Plan</Trans>
            </Tab>
          </TabList>
          {view === 'plan' ? (
            <section aria-label={t`Tunnel plan`} style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 8, minWidth: 0 }}>
              <TunnelPlanView key={planRevision} height={620} />
            </section>
          ) : (
            <BoreLegend grades={gradesOf(bores.map((b) => b.tunnel))} fontPx={16} />
          )}
          {bores.map((b) => (
            <section key={b.tunnel.tunnelId} style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 16, display: 'grid', gap: 12 }}>
              {view === 'plan' ? <strong style={{ fontSize: 16 }}>{b.tunnel.name}</strong> : <BoreProgress tunnel={b.tunnel} fontPx={16} />}
              <div style={{ display: 'grid', gridTemplateColumns: `repeat(${b.tunnel.headings.length}, 1fr)`, gap: 12 }}>
                {b.tunnel.headings.map((h) => (
                  <HeadingCycleSlot key={h.headingId} tunnel={b.tunnel} heading={h} cycle={cycles.state?.headings.find((c) => c.headingId === h.headingId)} atMs={cycles.atMs} />
                ))}
              </div>
            </section>
          ))}
          <section aria-label={t`Progress figures`} style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 16, overflowX: 'auto' }}>
            <ProgressFigures bores={bores} fontPx={16} />
          </section>
          {projectId ? <TunnelVehicles projectId={projectId} tunnels={bores.map((b) => b.tunnel)} /> : null}
          <div style={{ display: 'grid', gridTemplateColumns: canReport ? 'minmax(320px, 1fr) 2fr' : '1fr', gap: 24, alignItems: 'start' }}>
            {canReport && chosen ? (
              <form
                aria-label={t`Progress report`}
                style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 16, display: 'grid', gap: 8 }}
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit();
                }}
              >
                <h2 style={{ margin: 0, fontSize: 18 }}>
                  <Trans>Report progress</Trans>
                </h2>
                <Field label={t`Heading`}>
                  <Dropdown value={chosen.h.name} selectedOptions={[chosen.h.headingId]} onOptionSelect={(_, d) => setHeadingId(d.optionValue ?? '')}>
                    {headings.map((x) => (
                      <Option key={x.h.headingId} value={x.h.headingId}>
                        {x.h.name}
                      </Option>
                    ))}
                  </Dropdown>
                </Field>
                {POSITIONS.map((p) => {
                  const now = p === 'waterproofM' ? chosen.h.waterproofM : chosen.h[p];
                  return (
                    <Field key={p} label={`${label[p]} (${t`m from the entry portal`})`} hint={now == null ? undefined : t`now ${now} m, ${chainageOf(chosen.tunnel, now)}`}>
                      <Input type="number" name={p} value={form[p]} onChange={(_, d) => setForm((f) => ({ ...f, [p]: d.value }))} />
                    </Field>
                  );
                })}
                {error ? (
                  <p role="alert" style={{ color: '#ff6b6b', margin: 0 }}>
                    {error}
                  </p>
                ) : null}
                <Button appearance="primary" type="submit">
                  <Trans>Save report</Trans>
                </Button>
              </form>
            ) : null}
            <section aria-label={t`Latest progress`} style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 16 }}>
              <h2 style={{ margin: '0 0 8px', fontSize: 18 }}>
                <Trans>Latest progress</Trans>
              </h2>
              <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
                <tbody>
                  {recent.map((e) => (
                    <tr key={e.entryId} data-progress-entry={e.entryId} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
                      <td style={{ padding: '4px 8px' }}>{formatBeijing(e.atMs)}</td>
                      <td style={{ padding: '4px 8px' }}>{headings.find((x) => x.h.headingId === e.headingId)?.h.name ?? e.headingId}</td>
                      <td style={{ padding: '4px 8px' }}>{`${sourceLabel[e.source]} · ${e.by}`}</td>
                      <td style={{ padding: '4px 8px', textAlign: 'right' }}>{t`face ${e.faceM} m · invert ${e.invertM} m · lining ${e.liningM} m`}
                        {e.waterproofM === null ? '' : ` · ${t`waterproofing ${e.waterproofM} m`}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </div>
        </div>
      )}
      {editingAlignment && bores && projectId ? (
        <AlignmentEditor
          projectId={projectId}
          tunnels={bores.map((b) => b.tunnel)}
          onClose={(changed) => {
            setEditingAlignment(false);
            if (changed) setPlanRevision((r) => r + 1);
          }}
        />
      ) : null}
      {editingGrades && bores && projectId ? (
        <RockGradeEditor
          projectId={projectId}
          tunnels={bores.map((b) => b.tunnel)}
          onClose={() => setEditingGrades(false)}
        />
      ) : null}
    </ScreenFrame>
  );
});
