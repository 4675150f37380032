import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { EntryEducationBadge } from '../../components/EntryEducationBadge';
import { Badge, Button, Dropdown, Input, Option, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatChainage, PEOPLE, type PersonListBody, type PersonRow, type PersonStatus } from '../../../protocol';
import { useProjectTunnels, useQuery, useStores } from '../../stores';
import { downloadExport } from '../../api/downloadExport';
import { SCREEN } from '../../theme/theme';
import { formatBeijing } from '../../format/time';
import { PersonCard, type PersonCardTarget } from '../../people/PersonCard';
import { PersonEditDialog } from '../../people/PersonEditDialog';
import { statusFlags } from '../../people/personStatus';
import { ScreenFrame, ScreenLink } from './ScreenFrame';
import { useProjectId } from '../shell/useProjectId';

/** The list refreshes this often while the screen is open (ms): positions and statuses move. */
const REFRESH_MS = 10_000;

const STATUS_LABELS: Record<PersonStatus, MessageDescriptor> = {
  online: msg`Online`,
  offline: msg`Offline`,
  sos: msg`SOS`,
  lowBattery: msg`Low battery`,
};
const STATUS_BADGE: Record<PersonStatus, 'success' | 'informative' | 'danger' | 'warning'> = { online: 'success', offline: 'informative', sos: 'danger', lowBattery: 'warning' };

interface Filters {
  tunnelId: string;
  zoneId: string;
  company: string;
  team: string;
  status: string;
  position: string;
  /** '' any, 'outside' outside every zone, 'inside' in one. */
  area: string;
  q: string;
}
const NO_FILTERS: Filters = { tunnelId: '', zoneId: '', company: '', team: '', status: '', position: '', area: '', q: '' };

/** The person/list (and person/export) body of the filters. */
export function personQuery(projectId: string, f: Filters): PersonListBody {
  return {
    projectId,
    ...(f.tunnelId ? { tunnelId: f.tunnelId } : {}),
    ...(f.zoneId ? { zoneId: f.zoneId } : {}),
    ...(f.company ? { company: f.company } : {}),
    ...(f.team ? { team: f.team } : {}),
    ...(f.status ? { status: f.status as PersonStatus } : {}),
    ...(f.position ? { position: f.position } : {}),
    ...(f.area ? { outsideArea: f.area === 'outside' } : {}),
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
  };
}

/**
 * /people: the project's people with their beacons' live state (docs/api.md "People and zones"), filtered on the server by
 * bore, zone, company, team, status (online, offline, SOS, low battery), position and area (outside every
 * zone or in one, with the counts) and searched by name, beacon,
 * phone or trade; exported to .xlsx or CSV; a row opens the person's card. Refreshes every 10 s.
 */
export const PeopleScreen = observer(function PeopleScreen() {
  const { session, tunnels } = useStores();
  const { t, i18n } = useLingui();
  const projectId = useProjectId();
  const isAdmin = !!session.user?.isAdmin;
  const [editing, setEditing] = useState<PersonRow | null | undefined>(undefined);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [card, setCard] = useState<PersonCardTarget | null>(null);

  useProjectTunnels(projectId);
  const zones = useQuery(PEOPLE.zoneList, projectId ? { projectId } : null, { notify: true }).data ?? [];
  const { data } = useQuery(PEOPLE.personList, projectId ? personQuery(projectId, filters) : null, { refreshMs: REFRESH_MS, notify: true });

  const exportAs = async (format: 'xlsx' | 'csv') => {
    if (!projectId) return;
    await downloadExport(PEOPLE.personExport.path, { ...personQuery(projectId, filters), format }, `people.${format}`);
  };

  const set = (k: keyof Filters) => (v: string) => {
    const next = { ...draft, [k]: v, ...(k === 'tunnelId' ? { zoneId: '' } : {}) };
    setDraft(next);
    if (k !== 'q') setFilters(next);
  };
  const zoneName = new Map(zones.map((z) => [z.zoneId, z.name]));
  const choice = (k: keyof Filters, label: string, anyLabel: string, options: Array<[string, string]>) => (
    <Dropdown
      aria-label={label}
      placeholder={label}
      value={draft[k] ? (options.find(([v]) => v === draft[k])?.[1] ?? draft[k]) : anyLabel}
      selectedOptions={[draft[k]]}
      onOptionSelect={(_, d) => set(k)(d.optionValue ?? '')}
      style={{ minWidth: 150 }}
    >
      <Option value="">{anyLabel}</Option>
      {options.map(([value, text]) => (
        <Option key={value} value={value}>
          {text}
        </Option>
      ))}
    </Dropdown>
  );
  const list = data?.list ?? [];
  const total = data?.total ?? 0;
  const where = (r: PersonRow) => {
    if (r.chainageM === null) return '—';
    const tunnel = r.tunnelId ? tunnels.get(r.tunnelId) : undefined;
    return `${tunnel?.name ?? r.tunnelId ?? ''} ${tunnel ? formatChainage(tunnel.startChainageM + r.chainageM) : `${r.chainageM.toFixed(1)} m`}`;
  };

  return (
    <ScreenFrame
      title={<Trans>People</Trans>}
      beside={
        <>
          <ScreenLink to="/zones">
            <Trans>Zones</Trans>
          </ScreenLink>
          <ScreenLink to="/pageManger">
            <Trans>Page management</Trans>
          </ScreenLink>
        </>
      }
    >

      <form
        aria-label={t`Person filters`}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 16 }}
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
        }}
      >
        {choice('tunnelId', t`Bore`, t`All bores`, tunnels.tunnels.map((x) => [x.tunnelId, x.name]))}
        {choice('zoneId', t`Zone`, t`All zones`, zones.filter((z) => !draft.tunnelId || z.tunnelId === draft.tunnelId).map((z) => [z.zoneId, z.name]))}
        {choice('company', t`Company`, t`All companies`, (data?.companies ?? []).map((c) => [c, c]))}
        {choice('team', t`Team`, t`All teams`, (data?.teams ?? []).map((c) => [c, c]))}
        {choice('status', t`Status`, t`All statuses`, Object.entries(STATUS_LABELS).map(([k, m]) => [k, i18n._(m)]))}
        {choice('position', t`Job position`, t`All positions`, (data?.positions ?? []).map((c) => [c, c]))}
        {choice('area', t`Area`, t`Inside or outside`, [
          ['outside', t`Outside every zone (${data?.outsideAreaCount ?? 0})`],
          ['inside', t`Inside a zone (${data?.insideAreaCount ?? 0})`],
        ])}
        <Input aria-label={t`Search`} placeholder={t`Name, beacon, phone or trade`} value={draft.q} onChange={(_, d) => set('q')(d.value)} />
        <Button appearance="primary" type="submit">
          <Trans>Search</Trans>
        </Button>
        <Button
          onClick={() => {
            setDraft(NO_FILTERS);
            setFilters(NO_FILTERS);
          }}
        >
          <Trans>Reset</Trans>
        </Button>
        <span style={{ flex: 1 }} />
        {isAdmin ? (
          <Button onClick={() => setEditing(null)}>
            <Trans>Add person</Trans>
          </Button>
        ) : null}
        <Button onClick={() => void exportAs('xlsx')}>
          <Trans>Export .xlsx</Trans>
        </Button>
        <Button onClick={() => void exportAs('csv')}>
          <Trans>Export CSV</Trans>
        </Button>
      </form>

      {!data ? (
        <Spinner />
      ) : (
        <>
          <p data-total={total} style={{ margin: '0 0 8px', color: SCREEN.textMuted }}>
            <Trans>Total {total} items</Trans>
          </p>
          <Table aria-label={t`People`} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell><Trans>Name</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Status</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Company</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Team</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Work type</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Job position</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Age</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>ID number</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Beacon</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Battery</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Location</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Zones</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Phone</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>Last seen</Trans></TableHeaderCell>
                {isAdmin ? <TableHeaderCell /> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((r) => (
                <TableRow key={r.personId} data-person={r.personId} data-beacon={r.beaconSn ?? ''} style={{ cursor: 'pointer' }} onClick={() => setCard({ personId: r.personId })}>
                  <TableCell>
                    <Button appearance="transparent" size="small" onClick={(e) => (e.stopPropagation(), setCard({ personId: r.personId }))} style={{ padding: 0, minWidth: 0, fontSize: 'inherit', fontWeight: 600, textAlign: 'start' }}>
                      {r.name}
                    </Button>
                  </TableCell>
                  <TableCell>
                    <span style={{ display: 'inline-flex', gap: 4 }}>
                      {statusFlags(r).map((s) => (
                        <Badge key={s} size="large" color={STATUS_BADGE[s]} data-status={s}>
                          {i18n._(STATUS_LABELS[s])}
                        </Badge>
                      ))}
                      <EntryEducationBadge educated={r.entryEducation} />
                    </span>
                  </TableCell>
                  <TableCell>{r.company}</TableCell>
                  <TableCell>{r.team}</TableCell>
                  <TableCell>{r.workType}</TableCell>
                  <TableCell>{r.position || '—'}</TableCell>
                  <TableCell>{r.age ?? '—'}</TableCell>
                  <TableCell style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{r.idNumber || '—'}</TableCell>
                  <TableCell>{r.beaconSn ?? '—'}</TableCell>
                  <TableCell>{r.battery === null ? '—' : `${r.battery} %`}</TableCell>
                  <TableCell>{where(r)}</TableCell>
                  <TableCell>{r.zoneIds.map((id) => zoneName.get(id) ?? id).join(', ') || '—'}</TableCell>
                  <TableCell style={{ whiteSpace: 'nowrap' }}>{r.phone || '—'}</TableCell>
                  <TableCell>{formatBeijing(r.lastSeenMs) || '—'}</TableCell>
                  {isAdmin ? (
                    <TableCell>
                      <Button size="small" onClick={(e) => (e.stopPropagation(), setEditing(r))}>
                        <Trans>Edit</Trans>
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      <PersonCard projectId={projectId} target={card} onClose={() => setCard(null)} />
      <PersonEditDialog
        projectId={projectId}
        person={editing}
        onDone={() => setEditing(undefined)}
      />
    </ScreenFrame>
  );
});
