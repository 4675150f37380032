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
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatChainage, PEOPLE, ZONE_KINDS, zoneFieldsSchema, type ZoneFields, type ZoneKind, type ZoneRow } from '../../../protocol';
import { useProjectTunnels, useQuery, useStores } from '../../stores';
import { ScreenFrame, ScreenLink } from './ScreenFrame';
import { useProjectId } from '../shell/useProjectId';
import { ZoneHoursView } from './ZoneHoursView';
import { ZONE_KIND_LABEL } from '../../components/messages';

const KIND_LABELS = ZONE_KIND_LABEL;
/** Headcounts and portal counts refresh this often while the screen is open (ms). */
const REFRESH_MS = 10_000;

/** The zone form: numbers as typed (empty = rule off). */
interface ZoneForm {
  name: string;
  kind: ZoneKind;
  tunnelId: string;
  fromM: string;
  toM: string;
  entryAlarm: boolean;
  authorizedTeams: string;
  maxStayMin: string;
  maxHeadcount: string;
  noMovementMin: string;
  signalLostS: string;
  gatheringAllowed: boolean;
  /** Teams whose work area the zone is, comma separated. */
  assignedTeams: string;
}

const num = (v: number | null) => (v === null ? '' : String(v));

function formOf(z: ZoneFields): ZoneForm {
  return {
    name: z.name,
    kind: z.kind,
    tunnelId: z.tunnelId,
    fromM: String(z.fromM),
    toM: String(z.toM),
    entryAlarm: z.entryAlarm,
    authorizedTeams: z.authorizedTeams.join(', '),
    maxStayMin: num(z.maxStayMin),
    maxHeadcount: num(z.maxHeadcount),
    noMovementMin: num(z.noMovementMin),
    signalLostS: num(z.signalLostS),
    gatheringAllowed: z.gatheringAllowed,
    assignedTeams: z.assignedTeams.join(', '),
  };
}

/** The zone fields of a form, checked with the API's schema: the fields or the first error's message. */
export function zoneFieldsOf(f: ZoneForm): { ok: true; zone: ZoneFields } | { ok: false; error: string } {
  const opt = (v: string) => (v.trim() === '' ? null : Number(v));
  const teams = (v: string) =>
    v
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean);
  const parsed = zoneFieldsSchema.safeParse({
    name: f.name,
    kind: f.kind,
    tunnelId: f.tunnelId,
    fromM: Number(f.fromM),
    toM: Number(f.toM),
    entryAlarm: f.entryAlarm,
    authorizedTeams: teams(f.authorizedTeams),
    maxStayMin: opt(f.maxStayMin),
    maxHeadcount: opt(f.maxHeadcount),
    noMovementMin: opt(f.noMovementMin),
    signalLostS: opt(f.signalLostS),
    gatheringAllowed: f.gatheringAllowed,
    assignedTeams: teams(f.assignedTeams),
  });
  if (parsed.success) return { ok: true, zone: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `${issue.path.join('.')}: ${issue.message}` };
}

/**
 * /zones: the zones of the project's bores (chainage ranges in metres from the entry portal) with their
 * rules, live headcount and today's portal in/out counts, and per zone its last 24 hours (ZoneHoursView).
 * Administrators add, edit and remove zones; the rules apply at once (docs/api.md "People and zones").
 */
export const ZonesScreen = observer(function ZonesScreen() {
  const { queries, tunnels, session } = useStores();
  const { t, i18n } = useLingui();
  const projectId = useProjectId();
  const isAdmin = !!session.user?.isAdmin;
  const [editing, setEditing] = useState<{ zoneId: string | null; form: ZoneForm } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [hoursOf, setHoursOf] = useState<ZoneRow | null>(null);

  useProjectTunnels(projectId);
  const zones = useQuery(PEOPLE.zoneList, projectId ? { projectId } : null, { refreshMs: REFRESH_MS, notify: true }).data;

  const save = useCallback(async () => {
    if (!projectId || !editing) return;
    const checked = zoneFieldsOf(editing.form);
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
      setError(err instanceof Error ? err.message : String(err));
    }
  }, [projectId, editing, queries]);

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
  const field = (k: keyof ZoneForm) => (v: string | boolean) => setEditing((e) => (e ? { ...e, form: { ...e.form, [k]: v } } : e));
  const blank: ZoneForm = { name: '', kind: 'danger', tunnelId: tunnels.tunnels[0]?.tunnelId ?? '', fromM: '', toM: '', entryAlarm: true, authorizedTeams: '', maxStayMin: '', maxHeadcount: '', noMovementMin: '', signalLostS: '', gatheringAllowed: false, assignedTeams: '' };

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
          <Button appearance="primary" onClick={() => (setError(null), setEditing({ zoneId: null, form: blank }))}>
            <Trans>Add zone</Trans>
          </Button>
        ) : null
      }
    >
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
                    <Button size="small" onClick={() => (setError(null), setEditing({ zoneId: z.zoneId, form: formOf(z) }))}>
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
                  <Field label={t`From (m from the entry portal)`}>
                    <Input type="number" value={editing.form.fromM} onChange={(_, d) => field('fromM')(d.value)} />
                  </Field>
                  <Field label={t`To (m from the entry portal)`}>
                    <Input type="number" value={editing.form.toM} onChange={(_, d) => field('toM')(d.value)} />
                  </Field>
                  <Checkbox label={t`Entry alarm`} checked={editing.form.entryAlarm} onChange={(_, d) => field('entryAlarm')(!!d.checked)} />
                  <Field label={t`Teams allowed in (comma separated)`}>
                    <Input value={editing.form.authorizedTeams} onChange={(_, d) => field('authorizedTeams')(d.value)} />
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
                  <Field label={t`Work area of teams (comma separated; leaving all their zones is an alarm)`}>
                    <Input value={editing.form.assignedTeams} onChange={(_, d) => field('assignedTeams')(d.value)} />
                  </Field>
                  {error ? (
                    <p role="alert" style={{ gridColumn: '1 / 3', color: '#d13438', margin: 0 }}>
                      {error}
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
