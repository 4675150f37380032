import { Fragment, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Field, Input, MessageBar, MessageBarBody, Select } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN, PROJECT_STATES, PROJECT_TYPES, type ProjectDetails, type ProjectState, type ProjectType } from '../../../../protocol';
import { useStores } from '../../../stores';
import { AdminSection, CallError, DataTable, useAdminList, useDialogCall } from './adminUi';
import { OrganisationsSection } from './OrganisationsSection';
import { useRoleLabel } from './UsersTab';
import { useProjectLabels } from '../../../components/company/labels';

/** Most key figures a project holds (projectFieldsSchema in protocol/admin.ts). */
const MAX_KEY_FIGURES = 12;

/**
 * Organisations and projects: the list, new ones, renaming and archiving organisations (installation
 * administrators), the current project's details and key figures (its organisation administrators; the
 * server's refusal of a save is shown in the details section).
 */
export const ProjectsTab = observer(function ProjectsTab({ projectId }: { projectId: string }) {
  const { session } = useStores();
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const isAdmin = session.user?.isAdmin === true;
  const projects = useAdminList(ADMIN.projectList, { includeArchived: isAdmin });
  const orgs = useAdminList(ADMIN.orgList, {});
  const [org, setOrg] = useState({ coId: '', name: '' });
  const [project, setProject] = useState({ coId: '', projectId: '', name: '', projectType: 'tunnel' as ProjectType });
  const current = projects.data?.find((p) => p.projectId === projectId) ?? null;
  const [details, setDetails] = useState<ProjectDetails | null>(null);
  const saveDetails = useDialogCall();
  useEffect(() => setDetails(current), [current]);
  // an installation with one organisation: it is the only choice, so it is chosen
  const onlyOrg = orgs.data?.length === 1 ? orgs.data[0].coId : '';
  const newProject = { ...project, coId: project.coId || onlyOrg };
  const { typeLabel, stateLabel } = useProjectLabels();

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <CallError error={projects.error ?? orgs.error} />
      <AdminSection title={t`Projects`}>
        <DataTable
          label={t`Projects`}
          head={[t`Project`, t`Organisation`, t`Type`, t`Location`, t`Contractor`, t`Your role`, t`State`, '']}
          rows={(projects.data ?? []).map((p) => ({
            key: p.projectId,
            cells: [
              `${p.name} (${p.projectId})`,
              p.coName,
              typeLabel(p.projectType),
              p.location,
              p.contractor,
              p.role ? roleLabel(p.role) : '—',
              p.archived ? t`Archived` : t`Active`,
              isAdmin ? (
                <Button size="small" onClick={() => void projects.run(ADMIN.projectArchive, { projectId: p.projectId, archived: !p.archived }).then(() => session.check())}>
                  {p.archived ? t`Restore` : t`Archive`}
                </Button>
              ) : null,
            ],
          }))}
        />
      </AdminSection>

      {isAdmin ? (
        <OrganisationsSection
          orgs={orgs}
          onChanged={() => void session.check()}
        />
      ) : null}

      {isAdmin ? (
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 2fr', gap: 16 }}>
          <AdminSection title={t`New organisation`}>
            <Field label={t`Organisation id`}>
              <Input value={org.coId} onChange={(_, d) => setOrg({ ...org, coId: d.value })} />
            </Field>
            <Field label={t`Name`}>
              <Input value={org.name} onChange={(_, d) => setOrg({ ...org, name: d.value })} />
            </Field>
            <Button appearance="primary" style={{ alignSelf: 'flex-start' }} onClick={() => void orgs.run(ADMIN.orgAdd, org).then((r) => r && setOrg({ coId: '', name: '' }))}>
              <Trans>Create organisation</Trans>
            </Button>
          </AdminSection>
          <AdminSection title={t`New project`}>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 12 }}>
              <Field label={t`Organisation`}>
                <Select value={newProject.coId} onChange={(_, d) => setProject({ ...project, coId: d.value })}>
                  {onlyOrg ? null : <option value="" />}
                  {(orgs.data ?? []).map((o) => (
                    <option key={o.coId} value={o.coId}>
                      {o.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t`Project id`}>
                <Input value={project.projectId} onChange={(_, d) => setProject({ ...project, projectId: d.value })} />
              </Field>
              <Field label={t`Name`}>
                <Input value={project.name} onChange={(_, d) => setProject({ ...project, name: d.value })} />
              </Field>
              <Field label={t`Type`}>
                <ProjectTypeSelect value={project.projectType} label={typeLabel} onChange={(projectType) => setProject({ ...project, projectType })} />
              </Field>
            </div>
            <Button
              appearance="primary"
              style={{ alignSelf: 'flex-start' }}
              onClick={() =>
                void projects.run(ADMIN.projectAdd, newProject).then(async (r) => {
                  if (!r) return;
                  setProject({ ...project, projectId: '', name: '' });
                  await session.check();
                })
              }
            >
              <Trans>Create project</Trans>
            </Button>
          </AdminSection>
        </div>
      ) : null}

      {details && current?.role === 'orgAdmin' ? (
        <AdminSection
          title={t`Project details`}
          actions={
            <Button
              appearance="primary"
              onClick={() => {
                const { projectId: id, name, projectType, location, latitude, longitude, contractor, startDate, plannedEndDate, keyFigures, projectState, glodonProjectUrl } = details;
                const body = { projectId: id, name, projectType, location, latitude, longitude, contractor, startDate, plannedEndDate, keyFigures, projectState, glodonProjectUrl };
                void saveDetails.call(ADMIN.projectEdit, body).then(async (ok) => {
                  if (!ok) return;
                  await session.check();
                });
              }}
            >
              <Trans>Save details</Trans>
            </Button>
          }
        >
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 12 }}>
            <Field label={t`Name`}>
              <Input value={details.name} onChange={(_, d) => setDetails({ ...details, name: d.value })} />
            </Field>
            <Field label={t`Type`}>
              <ProjectTypeSelect value={details.projectType} label={typeLabel} onChange={(projectType) => setDetails({ ...details, projectType })} />
            </Field>
            <Field label={t`Location`}>
              <Input value={details.location} onChange={(_, d) => setDetails({ ...details, location: d.value })} />
            </Field>
            <Field label={t`Contractor`}>
              <Input value={details.contractor} onChange={(_, d) => setDetails({ ...details, contractor: d.value })} />
            </Field>
            <Field label={t`Latitude (°)`}>
              <Input type="number" value={details.latitude === null ? '' : String(details.latitude)} onChange={(_, d) => setDetails({ ...details, latitude: d.value === '' ? null : Number(d.value) })} />
            </Field>
            <Field label={t`Longitude (°)`}>
              <Input type="number" value={details.longitude === null ? '' : String(details.longitude)} onChange={(_, d) => setDetails({ ...details, longitude: d.value === '' ? null : Number(d.value) })} />
            </Field>
            <Field label={t`Start date`}>
              <Input type="date" value={details.startDate ?? ''} onChange={(_, d) => setDetails({ ...details, startDate: d.value || null })} />
            </Field>
            <Field label={t`Planned end date`}>
              <Input type="date" value={details.plannedEndDate ?? ''} onChange={(_, d) => setDetails({ ...details, plannedEndDate: d.value || null })} />
            </Field>
            <Field label={t`State`}>
              <Select value={details.projectState} onChange={(_, d) => setDetails({ ...details, projectState: d.value as ProjectState })}>
                {PROJECT_STATES.map((k) => (
                  <option key={k} value={k}>
                    {stateLabel(k)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t`External project link`} hint={t`Opened in a new tab from the company homepage`} style={{ gridColumn: 'span 3' }}>
              <Input type="url" value={details.glodonProjectUrl} placeholder="https://" onChange={(_, d) => setDetails({ ...details, glodonProjectUrl: d.value })} />
            </Field>
          </div>
          <h3 style={{ margin: 0, fontSize: 14 }}>
            <Trans>Key figures</Trans>
          </h3>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 8, alignItems: 'end', maxWidth: 720 }}>
            {details.keyFigures.map((f, i) => {
              const setFigure = (next: Partial<typeof f>) => setDetails({ ...details, keyFigures: details.keyFigures.map((g, j) => (j === i ? { ...g, ...next } : g)) });
              return (
                <Fragment key={i}>
                  <Input aria-label={t`Key figure ${i + 1} label`} placeholder={t`Label, e.g. Length`} value={f.label} onChange={(_, d) => setFigure({ label: d.value })} />
                  <Input aria-label={t`Key figure ${i + 1} value`} placeholder={t`Value, e.g. 4.2 km`} value={f.value} onChange={(_, d) => setFigure({ value: d.value })} />
                  <Button size="small" aria-label={t`Remove key figure ${i + 1}`} onClick={() => setDetails({ ...details, keyFigures: details.keyFigures.filter((_, j) => j !== i) })}>
                    <Trans>Remove</Trans>
                  </Button>
                </Fragment>
              );
            })}
          </div>
          <Button
            size="small"
            style={{ alignSelf: 'flex-start' }}
            disabled={details.keyFigures.length >= MAX_KEY_FIGURES}
            onClick={() => setDetails({ ...details, keyFigures: [...details.keyFigures, { label: '', value: '' }] })}
          >
            <Trans>Add key figure</Trans>
          </Button>
          {saveDetails.error ? (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{saveDetails.error}</MessageBarBody>
            </MessageBar>
          ) : null}
        </AdminSection>
      ) : null}
    </div>
  );
});

/** The project type choice (tunnel, bridge, road…) of the create form and the details section. */
function ProjectTypeSelect({ value, label, onChange }: { value: ProjectType; label: (t: ProjectType) => string; onChange: (t: ProjectType) => void }) {
  return (
    <Select value={value} onChange={(_, d) => onChange(d.value as ProjectType)}>
      {PROJECT_TYPES.map((k) => (
        <option key={k} value={k}>
          {label(k)}
        </option>
      ))}
    </Select>
  );
}
