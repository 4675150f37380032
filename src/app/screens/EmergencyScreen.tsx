import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Input, Tab, TabList } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { EMERGENCY, EMERGENCY_REGISTERS, RISK_LEVELS, formatChainage, type EmergencyListBody, type EmergencyRecord, type EmergencyRegister, type RiskLevel } from '../../../protocol';
import { useProjectTunnels, useQuery, useStores } from '../../stores';
import { downloadExport } from '../../api/downloadExport';
import { ACCIDENT_TYPE_LABEL, CONTROL_LEVEL_LABEL, EMERGENCY_REGISTER_LABEL, RISK_LEVEL_COLOR, RISK_LEVEL_LABEL } from '../../components/registers/labels';
import { formatNumber } from '../../format/number';
import { SCREEN } from '../../theme/theme';
import { ScreenFrame, ScreenLink } from './ScreenFrame';
import { FilterChoice, REGISTER_CELL as cell, RegisterHead, RegisterSection } from './registerUi';
import { useProjectId } from '../shell/useProjectId';
import { EmergencyRecordDialog } from './EmergencyRecordDialog';

/** The add button of each register. */
const ADD_LABEL: Record<EmergencyRegister, MessageDescriptor> = {
  riskSource: msg`Add risk source`,
  plan: msg`Add emergency plan`,
  material: msg`Add material`,
  supplyPoint: msg`Add supply point`,
};

interface Filters {
  q: string;
  level: '' | RiskLevel;
  tunnelId: string;
}

function listQuery(projectId: string, register: EmergencyRegister, f: Filters): EmergencyListBody {
  return { projectId, register, ...(f.q.trim() ? { q: f.q.trim() } : {}), ...(register === 'riskSource' && f.level ? { level: f.level } : {}), ...(register === 'supplyPoint' && f.tunnelId ? { tunnelId: f.tunnelId } : {}) };
}

/** The rows of one register, its own columns. */
function RegisterTable({ register, records, actions }: { register: EmergencyRegister; records: readonly EmergencyRecord[]; actions?: (r: EmergencyRecord) => ReactNode }) {
  const { i18n } = useLingui();
  const row = (r: EmergencyRecord, cells: ReactNode[]) => (
    <tr key={r.recordId} data-emergency-record={r.recordId} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
      {cells.map((c, i) => (
        <td key={i} style={cell}>
          {c}
        </td>
      ))}
      {actions ? <td style={{ ...cell, whiteSpace: 'nowrap' }}>{actions(r)}</td> : null}
    </tr>
  );
  const body = records.map((r) => {
    switch (r.register) {
      case 'riskSource':
        return row(r, [
          <strong key="p">{r.riskPart}</strong>,
          <span key="l" style={{ color: RISK_LEVEL_COLOR[r.level], fontWeight: 600, whiteSpace: 'nowrap' }} data-level={r.level}>
            {i18n._(RISK_LEVEL_LABEL[r.level])}
          </span>,
          i18n._(ACCIDENT_TYPE_LABEL[r.accidentType]),
          r.executionPhase,
          i18n._(CONTROL_LEVEL_LABEL[r.controlLevel]),
          r.potentialRisks,
          r.controlMeasures,
          r.safetyOfficer,
        ]);
      case 'plan':
        return row(r, [
          <strong key="n">{r.name}</strong>,
          i18n._(ACCIDENT_TYPE_LABEL[r.accidentType]),
          `${r.leader} ${r.leaderPhone}`,
          <span key="c">
            {r.contacts.map((c) => (
              <span key={c.name + c.phone} style={{ display: 'block' }}>
                {c.name}
                {c.duty ? ` (${c.duty})` : ''} {c.phone}
              </span>
            ))}
          </span>,
        ]);
      case 'material':
        return row(r, [<strong key="s">{r.species}</strong>, formatNumber(r.quantity, 0), r.unit, r.section]);
      case 'supplyPoint':
        return row(r, [<strong key="n">{r.name}</strong>, r.tunnelId, formatChainage(r.chainageM), r.contact, r.phone, r.note]);
    }
  });
  const cols: Record<EmergencyRegister, ReactNode[]> = {
    riskSource: [<Trans key="a">Risk part</Trans>, <Trans key="b">Risk level</Trans>, <Trans key="c">Accident type</Trans>, <Trans key="d">Execution phase</Trans>, <Trans key="e">Control level</Trans>, <Trans key="f">Potential risks</Trans>, <Trans key="g">Control measures</Trans>, <Trans key="h">Safety officer</Trans>],
    plan: [<Trans key="a">Special plan</Trans>, <Trans key="b">Accident type</Trans>, <Trans key="c">Leader</Trans>, <Trans key="d">Contacts</Trans>],
    material: [<Trans key="a">Species</Trans>, <Trans key="b">Quantity</Trans>, <Trans key="c">Unit</Trans>, <Trans key="d">Section</Trans>],
    supplyPoint: [<Trans key="a">Supply point</Trans>, <Trans key="b">Bore</Trans>, <Trans key="c">Chainage</Trans>, <Trans key="d">Contact</Trans>, <Trans key="e">Phone</Trans>, <Trans key="f">Kept there</Trans>],
  };
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 15 }} data-emergency-register={register}>
      <RegisterHead cols={actions ? [...cols[register], ''] : cols[register]} />
      <tbody>{body}</tbody>
    </table>
  );
}

/** The name a record is known by (in the buttons' and the delete confirmation's words). */
function recordName(r: EmergencyRecord): string {
  switch (r.register) {
    case 'riskSource':
      return r.riskPart;
    case 'material':
      return r.species;
    default:
      return r.name;
  }
}

/**
 * /emergency: the project's emergency resources (docs/api.md "Emergency resources"): risk sources, plans,
 * materials and supply points, one register at a time, with their filters and .xlsx export; project
 * administrators (`project.admin`, the routes' permission) add, edit and delete records in a dialog
 * (EmergencyRecordDialog), a delete after a confirmation.
 */
export const EmergencyScreen = observer(function EmergencyScreen() {
  const { t, i18n } = useLingui();
  const projectId = useProjectId();
  const [register, setRegister] = useState<EmergencyRegister>('riskSource');
  const [filters, setFilters] = useState<Filters>({ q: '', level: '', tunnelId: '' });
  const { tunnels, session, queries } = useStores();
  useProjectTunnels(projectId);
  const list = useQuery(EMERGENCY.list, projectId ? listQuery(projectId, register, filters) : null, { notify: true }).data;
  const mayEdit = session.may(EMERGENCY.save.permission);
  /** The record in the dialog: null a new one, undefined no dialog. */
  const [editing, setEditing] = useState<EmergencyRecord | null | undefined>(undefined);
  const remove = async (r: EmergencyRecord) => {
    if (!projectId || !window.confirm(t`Delete "${recordName(r)}" from the register?`)) return;
    await queries.mutate(EMERGENCY.delete, { projectId, recordIds: [r.recordId] });
  };
  const actions = mayEdit
    ? (r: EmergencyRecord) => (
        <>
          <Button size="small" aria-label={t`Edit ${recordName(r)}`} onClick={() => setEditing(r)}>
            <Trans>Edit</Trans>
          </Button>{' '}
          <Button size="small" aria-label={t`Delete ${recordName(r)}`} onClick={() => void remove(r)}>
            <Trans>Delete</Trans>
          </Button>
        </>
      )
    : undefined;

  return (
    <ScreenFrame
      title={<Trans>Emergency resources</Trans>}
      beside={
        <ScreenLink to="/inspections">
          <Trans>Inspections</Trans>
        </ScreenLink>
      }
    >
      <RegisterSection label={i18n._(EMERGENCY_REGISTER_LABEL[register])}>
        <TabList selectedValue={register} onTabSelect={(_, d) => setRegister(EMERGENCY_REGISTERS.find((r) => r === d.value) ?? 'riskSource')} aria-label={t`Emergency register`}>
          {EMERGENCY_REGISTERS.map((r) => (
            <Tab key={r} value={r} style={{ fontSize: 16 }}>
              {i18n._(EMERGENCY_REGISTER_LABEL[r])}
            </Tab>
          ))}
        </TabList>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <Input aria-label={t`Search`} placeholder={t`Search`} value={filters.q} onChange={(_, d) => setFilters({ ...filters, q: d.value })} style={{ minWidth: 220 }} />
          {register === 'riskSource' ? (
            <FilterChoice label={t`Risk level`} anyLabel={t`All levels`} value={filters.level} onChange={(v) => setFilters({ ...filters, level: RISK_LEVELS.find((l) => l === v) ?? '' })} options={RISK_LEVELS.map((l) => [l, i18n._(RISK_LEVEL_LABEL[l])])} />
          ) : null}
          {register === 'supplyPoint' ? <FilterChoice label={t`Bore`} anyLabel={t`All bores`} value={filters.tunnelId} onChange={(v) => setFilters({ ...filters, tunnelId: v })} options={tunnels.tunnels.map((x) => [x.tunnelId, x.name])} /> : null}
          <span style={{ flex: 1 }} />
          <span data-emergency-total>
            <Trans>{list?.total ?? 0} records</Trans>
          </span>
          {mayEdit ? (
            <Button appearance="primary" onClick={() => setEditing(null)}>
              {i18n._(ADD_LABEL[register])}
            </Button>
          ) : null}
          <Button onClick={() => projectId && void downloadExport(EMERGENCY.export.path, listQuery(projectId, register, filters), `emergency-${register}.xlsx`)}>
            <Trans>Export .xlsx</Trans>
          </Button>
        </div>
        <div style={{ maxHeight: 680, overflow: 'auto' }}>{list ? <RegisterTable register={register} records={list.list} actions={actions} /> : <p>{t`Loading…`}</p>}</div>
      </RegisterSection>
      {projectId && editing !== undefined ? <EmergencyRecordDialog key={`${register}-${editing?.recordId ?? 'new'}`} projectId={projectId} register={register} record={editing} onClose={() => setEditing(undefined)} /> : null}
    </ScreenFrame>
  );
});
