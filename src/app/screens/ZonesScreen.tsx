import { useCallback, useState } from 'react';
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
  ToggleButton,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { chainageRange, formatChainage, formatChainageExact, PEOPLE, ZONE_KINDS, zoneFieldsSchema, type ChainageRangeProblem, type ZoneFields, type ZoneKind, type ZoneRow } from '../../../protocol';
import { useProjectTunnels, useQuery, useStores } from '../../stores';
import { ScreenFrame, ScreenLink } from './ScreenFrame';
import { useProjectId } from '../shell/useProjectId';
import { ZoneHoursView } from './ZoneHoursView';
import { ZONE_KIND_LABEL } from '../../components/messages';
import { SCREEN } from '../../theme/theme';
import type { Span } from '../../components/tunnel/zoneDrag';
import { ZoneMap, type MapZone, type ZoneProposal } from './ZoneMap';

const KIND_LABELS = ZONE_KIND_LABEL;
/** Headcounts and portal counts refresh this often while the screen is open (ms). */
const REFRESH_MS = 10_000;

/** The zone form: numbers and chainages (K13+630 in the chosen bore) as typed (empty number = rule off). */
export interface ZoneForm {
  name: string;
  kind: ZoneKind;
  tunnelId: string;
  /** Start and end as written chainages of the bore, e.g. K13+630. */
  from: string;
  to: string;
  entryAlarm: boolean;
  /** Teams allowed in, picked from the project's team list. */
  authorizedTeams: string[];
  maxStayMin: string;
  maxHeadcount: string;
  noMovementMin: string;
  signalLostS: string;
  gatheringAllowed: boolean;
  /** Teams whose work area the zone is, picked from the project's team list. */
  assignedTeams: string[];
}

/** A bore as the zone form needs it: its entry portal's chainage and its length (m). */
type BoreSpan = { startChainageM: number; lengthM: number };

const num = (v: number | null) => (v === null ? '' : String(v));

/** The form of a stored zone, its ends written as chainages of `bore` (metres from the portal without one). */
export function formOf(z: ZoneFields, bore: BoreSpan | undefined): ZoneForm {
  const written = (m: number) => formatChainageExact((bore?.startChainageM ?? 0) + m);
  return {
    name: z.name,
    kind: z.kind,
    tunnelId: z.tunnelId,
    from: written(z.fromM),
    to: written(z.toM),
    entryAlarm: z.entryAlarm,
    authorizedTeams: [...z.authorizedTeams],
    maxStayMin: num(z.maxStayMin),
    maxHeadcount: num(z.maxHeadcount),
    noMovementMin: num(z.noMovementMin),
    signalLostS: num(z.signalLostS),
    gatheringAllowed: z.gatheringAllowed,
    assignedTeams: [...z.assignedTeams],
  };
}

/** Why a zone form was refused: a chainage problem of one end, or the API schema's first issue. */
export type ZoneFormError = { field: 'from' | 'to'; problem: ChainageRangeProblem } | { field: 'other'; message: string };

/**
 * The zone fields of a form: its chainages read in `bore` (chainageRange: malformed, outside the bore, end
 * not after start) and converted to metres from the entry portal, then everything checked with the API's
 * schema. @returns the fields, or the first problem
 */
export function zoneFieldsOf(f: ZoneForm, bore: BoreSpan | undefined): { ok: true; zone: ZoneFields } | { ok: false; error: ZoneFormError } {
  const opt = (v: string) => (v.trim() === '' ? null : Number(v));
  const range = chainageRange(f.from, f.to, bore ?? { startChainageM: 0, lengthM: Infinity });
  if (!range.ok) return { ok: false, error: { field: range.field, problem: range.problem } };
  const parsed = zoneFieldsSchema.safeParse({
    name: f.name,
    kind: f.kind,
    tunnelId: f.tunnelId,
    fromM: range.fromM,
    toM: range.toM,
    entryAlarm: f.entryAlarm,
    authorizedTeams: f.authorizedTeams,
    maxStayMin: opt(f.maxStayMin),
    maxHeadcount: opt(f.maxHeadcount),
    noMovementMin: opt(f.noMovementMin),
    signalLostS: opt(f.signalLostS),
    gatheringAllowed: f.gatheringAllowed,
    assignedTeams: f.assignedTeams,
  });
  if (parsed.success) return { ok: true, zone: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: { field: 'other', message: `${issue.path.join('.')}: ${issue.message}` } };
}

/** The form of `span` of a bore: its ends written as the bore's chainages (K13+630). */
export function withSpan(form: ZoneForm, bore: BoreSpan | undefined, span: Span): ZoneForm {
  const written = (m: number) => formatChainageExact((bore?.startChainageM ?? 0) + m);
  return { ...form, from: written(span.fromM), to: written(span.toM) };
}

/**
 * /zones: the zones of the project's bores (chainage ranges in metres from the entry portal) on the
 * tunnel map (ZoneMap) and in a table with their rules, live headcount and today's portal in/out counts,
 * and per zone its last 24 hours (ZoneHoursView). Members who may edit zones (`zone.edit`, the zone
 * routes' permission) add, edit and remove them, in the form or by drawing on the map ("Draw zone"); the
 * rules apply at once (docs/api.md "People and zones").
 */
export const ZonesScreen = observer(function ZonesScreen() {
  const { queries, tunnels, session } = useStores();
  const { t, i18n } = useLingui();
  const projectId = useProjectId();
  const isAdmin = session.may(PEOPLE.zoneAdd.permission);
  const [editing, setEditingForm] = useState<{ zoneId: string | null; form: ZoneForm } | null>(null);
  // the range drawn on the map that the open form proposes; cleared when the form closes, so a cancelled
  // change draws the zone where it was
  const [proposal, setProposal] = useState<ZoneProposal | null>(null);
  const [drawing, setDrawing] = useState(false);
  const setEditing: typeof setEditingForm = (next) => {
    setEditingForm(next);
    if (next === null) setProposal(null);
  };
  const [error, setError] = useState<ZoneFormError | null>(null);
  const [hoursOf, setHoursOf] = useState<ZoneRow | null>(null);

  useProjectTunnels(projectId);
  const zones = useQuery(PEOPLE.zoneList, projectId ? { projectId } : null, { refreshMs: REFRESH_MS, notify: true }).data;
  // the teams of the project's person registry: what a zone's team fields are picked from
  const teams = useQuery(PEOPLE.personList, isAdmin && editing && projectId ? { projectId } : null).data?.teams ?? [];

  const save = useCallback(async () => {
    if (!projectId || !editing) return;
    const checked = zoneFieldsOf(editing.form, tunnels.get(editing.form.tunnelId));
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    try {
      if (editing.zoneId) await queries.mutate(PEOPLE.zoneEdit, { projectId, zoneId: editing.zoneId, zone: checked.zone }, { skipErrorHandler: true });
      else await queries.mutate(PEOPLE.zoneAdd, { projectId, zone: checked.zone }, { skipErrorHandler: true });
      setEditing(null);
      setError(null);
    } catch (err) {
      setError({ field: 'other', message: err instanceof Error ? err.message : String(err) });
    }
  }, [projectId, editing, queries, tunnels]);

  const remove = async (zoneId: string) => {
    if (!projectId) return;
    await queries.mutate(PEOPLE.zoneDelete, { projectId, zoneId }).catch(() => {});
  };

  const chainage = (tunnelId: string, m: number) => {
    const tunnel = tunnels.get(tunnelId);
    return tunnel ? formatChainage(tunnel.startChainageM + m) : `${m} m`;
  };
  const rules = (z: ZoneRow) =>
    [
      z.entryAlarm ? (z.authorizedTeams.length ? t`Entry alarm except ${z.authorizedTeams.join(', ')}` : t`Entry alarm`) : null,
      z.maxStayMin !== null ? t`Stay ≤ ${z.maxStayMin} min` : null,
      z.maxHeadcount !== null ? t`At most ${z.maxHeadcount} people` : null,
      z.noMovementMin !== null ? t`No movement ${z.noMovementMin} min` : null,
      z.signalLostS !== null ? t`Signal lost ${z.signalLostS} s` : null,
      z.gatheringAllowed ? t`Gathering allowed` : null,
      z.assignedTeams.length ? t`Work area of ${z.assignedTeams.join(', ')}` : null,
    ]
      .filter(Boolean)
      .join(' · ') || '—';
  const field = (k: keyof ZoneForm) => (v: string | boolean | string[]) => setEditing((e) => (e ? { ...e, form: { ...e.form, [k]: v } } : e));
  const blank: ZoneForm = { name: '', kind: 'danger', tunnelId: tunnels.tunnels[0]?.tunnelId ?? '', from: '', to: '', entryAlarm: true, authorizedTeams: [], maxStayMin: '', maxHeadcount: '', noMovementMin: '', signalLostS: '', gatheringAllowed: false, assignedTeams: [] };
  const problemText: Record<ChainageRangeProblem, string> = {
    malformed: t`Write a chainage such as K13+630`,
    outsideBore: t`Not within this bore`,
    endNotAfterStart: t`The end must come after the start`,
  };
  const chainageError = (f: 'from' | 'to') => (error && error.field === f ? problemText[error.problem] : undefined);
  const placeholder = (m: number) => formatChainage((tunnels.get(editing?.form.tunnelId ?? '')?.startChainageM ?? 0) + m);

  const drawn = (tunnelId: string, span: Span) => {
    setError(null);
    setProposal({ tunnelId, zoneId: null, span });
    setEditing({ zoneId: null, form: withSpan({ ...blank, tunnelId }, tunnels.get(tunnelId), span) });
  };
  const adjusted = (zone: MapZone, span: Span) => {
    const row = zones?.find((z) => z.zoneId === zone.zoneId);
    if (!row) return;
    const bore = tunnels.get(row.tunnelId);
    setError(null);
    setProposal({ tunnelId: row.tunnelId, zoneId: row.zoneId, span });
    setEditing({ zoneId: row.zoneId, form: withSpan(formOf(row, bore), bore, span) });
  };

  return (
    <ScreenFrame
      title={<Trans>Zones</Trans>}
      beside={
        <ScreenLink to="/people">
          <Trans>People</Trans>
        </ScreenLink>
      }
      actions={
        isAdmin ? (
          <Button appearance="primary" disabled={tunnels.tunnels.length === 0} onClick={() => (setError(null), setEditing({ zoneId: null, form: blank }))}>
            <Trans>Add zone</Trans>
          </Button>
        ) : null
      }
    >
      {zones && tunnels.tunnels.length > 0 ? (
        <section aria-label={t`Tunnel map`} style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 12, marginBottom: 16, display: 'grid', gap: 8 }}>
          {isAdmin ? (
            <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', fontSize: 14 }}>
              <ToggleButton checked={drawing} onClick={() => setDrawing((d) => !d)} data-draw-zone>
                <Trans>Draw zone</Trans>
              </ToggleButton>
              {drawing ? (
                <span>
                  <Trans>Drag across a bore to draw a zone, or drag a zone's end to move it. Esc cancels a drag.</Trans>
                </span>
              ) : null}
            </div>
          ) : null}
          <ZoneMap tunnels={tunnels.tunnels} zones={zones} editable={isAdmin && drawing} proposal={proposal} onDraw={drawn} onAdjust={adjusted} />
        </section>
      ) : null}
      {!zones ? (
        <Spinner />
      ) : (
        <Table aria-label={t`Zones`} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell><Trans>Name</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>Kind</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>Bore</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>Chainage</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>Rules</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>People now</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>In / out today</Trans></TableHeaderCell>
              <TableHeaderCell />
              {isAdmin ? <TableHeaderCell /> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {zones.map((z) => (
              <TableRow key={z.zoneId} data-zone={z.zoneId}>
                <TableCell>{z.name}</TableCell>
                <TableCell>{i18n._(KIND_LABELS[z.kind])}</TableCell>
                <TableCell>{tunnels.get(z.tunnelId)?.name ?? z.tunnelId}</TableCell>
                <TableCell>{`${chainage(z.tunnelId, z.fromM)} – ${chainage(z.tunnelId, z.toM)}`}</TableCell>
                <TableCell>{rules(z)}</TableCell>
                <TableCell>{z.headcount}</TableCell>
                <TableCell>{z.kind === 'portal' ? `${z.portalIn} / ${z.portalOut}` : '—'}</TableCell>
                <TableCell>
                  <Button size="small" aria-pressed={hoursOf?.zoneId === z.zoneId} onClick={() => setHoursOf(hoursOf?.zoneId === z.zoneId ? null : z)}>
                    <Trans>Last 24 hours</Trans>
                  </Button>
                </TableCell>
                {isAdmin ? (
                  <TableCell>
                    <Button size="small" onClick={() => (setError(null), setEditing({ zoneId: z.zoneId, form: formOf(z, tunnels.get(z.tunnelId)) }))}>
                      <Trans>Edit</Trans>
                    </Button>{' '}
                    <Button size="small" onClick={() => void remove(z.zoneId)}>
                      <Trans>Delete</Trans>
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {projectId && hoursOf ? <ZoneHoursView projectId={projectId} zone={hoursOf} onClose={() => setHoursOf(null)} /> : null}

      <Dialog open={editing !== null} onOpenChange={(_e, d) => (d.open ? undefined : setEditing(null))}>
        <DialogSurface aria-describedby={undefined}>
          <DialogBody>
            <DialogTitle>{editing?.zoneId ? <Trans>Edit zone</Trans> : <Trans>Add zone</Trans>}</DialogTitle>
            <DialogContent>
              {editing ? (
                <form
                  aria-label={t`Zone`}
                  style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}
                  onSubmit={(e) => {
                    e.preventDefault();
                    void save();
                  }}
                >
                  <Field label={t`Name`} style={{ gridColumn: '1 / 3' }}>
                    <Input value={editing.form.name} onChange={(_, d) => field('name')(d.value)} />
                  </Field>
                  <Field label={t`Kind`}>
                    <Dropdown value={i18n._(KIND_LABELS[editing.form.kind])} selectedOptions={[editing.form.kind]} onOptionSelect={(_, d) => field('kind')(d.optionValue ?? 'work')}>
                      {ZONE_KINDS.map((k) => (
                        <Option key={k} value={k}>
                          {i18n._(KIND_LABELS[k])}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                  <Field label={t`Bore`}>
                    <Dropdown value={tunnels.get(editing.form.tunnelId)?.name ?? editing.form.tunnelId} selectedOptions={[editing.form.tunnelId]} onOptionSelect={(_, d) => field('tunnelId')(d.optionValue ?? '')}>
                      {tunnels.tunnels.map((x) => (
                        <Option key={x.tunnelId} value={x.tunnelId}>
                          {x.name}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                  <Field label={t`Start chainage`} validationMessage={chainageError('from')}>
                    <Input value={editing.form.from} placeholder={placeholder(0)} onChange={(_, d) => field('from')(d.value)} />
                  </Field>
                  <Field label={t`End chainage`} validationMessage={chainageError('to')}>
                    <Input value={editing.form.to} placeholder={placeholder(50)} onChange={(_, d) => field('to')(d.value)} />
                  </Field>
                  <Checkbox label={t`Entry alarm`} checked={editing.form.entryAlarm} onChange={(_, d) => field('entryAlarm')(!!d.checked)} />
                  <Field label={t`Teams allowed in`}>
                    <TeamPicker teams={teams} selected={editing.form.authorizedTeams} onChange={field('authorizedTeams')} />
                  </Field>
                  <Field label={t`Stay too long after (min)`}>
                    <Input type="number" value={editing.form.maxStayMin} onChange={(_, d) => field('maxStayMin')(d.value)} />
                  </Field>
                  <Field label={t`Most people at once`}>
                    <Input type="number" value={editing.form.maxHeadcount} onChange={(_, d) => field('maxHeadcount')(d.value)} />
                  </Field>
                  <Field label={t`No movement for (min)`}>
                    <Input type="number" value={editing.form.noMovementMin} onChange={(_, d) => field('noMovementMin')(d.value)} />
                  </Field>
                  <Field label={t`Signal lost after (s)`}>
                    <Input type="number" value={editing.form.signalLostS} onChange={(_, d) => field('signalLostS')(d.value)} />
                  </Field>
                  <Checkbox
                    label={t`Gathering allowed (not counted by the gathering rule)`}
                    checked={editing.form.gatheringAllowed}
                    onChange={(_, d) => field('gatheringAllowed')(!!d.checked)}
                  />
                  <Field label={t`Work area of teams (leaving all their zones is an alarm)`}>
                    <TeamPicker teams={teams} selected={editing.form.assignedTeams} onChange={field('assignedTeams')} />
                  </Field>
                  {error?.field === 'other' ? (
                    <p role="alert" style={{ gridColumn: '1 / 3', color: '#d13438', margin: 0 }}>
                      {error.message}
                    </p>
                  ) : null}
                  <button type="submit" hidden />
                </form>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setEditing(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button appearance="primary" onClick={() => void save()}>
                <Trans>Save</Trans>
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </ScreenFrame>
  );
});

/**
 * Picks teams from the project's team list (several at once). Teams the zone already names that are no
 * longer in the registry stay listed, so saving does not drop them unseen.
 */
function TeamPicker(props: { teams: readonly string[]; selected: readonly string[]; onChange: (teams: string[]) => void }) {
  const { t } = useLingui();
  const all = [...new Set([...props.teams, ...props.selected])].sort((a, b) => a.localeCompare(b));
  return (
    <Dropdown
      multiselect
      placeholder={t`No team`}
      value={props.selected.join(', ')}
      selectedOptions={[...props.selected]}
      onOptionSelect={(_, d) => props.onChange(d.selectedOptions)}
    >
      {all.map((team) => (
        <Option key={team} value={team}>
          {team}
        </Option>
      ))}
    </Dropdown>
  );
}
