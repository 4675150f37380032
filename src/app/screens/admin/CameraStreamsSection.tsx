import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Field, Input, Select } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { STREAM_SOURCES, VIDEO, type CameraStreamRow, type StreamSource } from '../../../../protocol';
import { formatBeijing } from '../../../format/time';
import { AdminSection, CallError, DataTable, EditDialog, useAdminList, useDialogCall } from './adminUi';
import { formOfRow, streamSetBody, type CameraStreamForm } from './cameraStreamForm';

/** The name of a stream source as the section shows it. */
function useSourceLabel(): (s: StreamSource | null) => string {
  const { t } = useLingui();
  return (s) => (s === 'rtsp' ? t`RTSP URL` : s === 'hls' ? t`HLS URL (media server)` : s === 'demo' ? t`Demo` : t`None`);
}

/**
 * The stream sources of the project's cameras (docs/architecture.md "Video", docs/api.md "Video"): per camera
 * its source type (RTSP, HLS of an existing media server, demo) and main and sub stream URLs, edited in a
 * dialog and removed; saved passwords are never shown (write-only; the server answers them redacted), and
 * every change is in the audit log.
 */
export const CameraStreamsSection = observer(function CameraStreamsSection({ projectId }: { projectId: string }) {
  const { t } = useLingui();
  const streams = useAdminList(VIDEO.streamList, { projectId });
  const sourceLabel = useSourceLabel();
  const [editing, setEditing] = useState<CameraStreamRow | null>(null);
  const rows = streams.data ?? [];
  // a project without cameras has no stream sources; a list that failed to load still says so
  if (rows.length === 0) return <CallError error={streams.error} />;

  return (
    <>
      <CallError error={streams.error} />
      <AdminSection title={t`Camera stream sources`}>
        <p style={{ margin: 0, fontSize: 13 }}>
          <Trans>The server reads each camera only while someone watches it. Saved passwords are never shown; leave the password empty to keep the saved one.</Trans>
        </p>
        <DataTable
          label={t`Camera stream sources`}
          head={[t`Serial number`, t`Name`, t`Source`, t`Main stream`, t`Sub stream`, t`Changed`, '']}
          rows={rows.map((r) => ({
            key: r.sn,
            cells: [
              r.sn,
              r.name,
              sourceLabel(r.source),
              <span key="main" style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{r.mainUrl ?? ''}</span>,
              <span key="sub" style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{r.subUrl ?? ''}</span>,
              r.updatedAtMs === null ? '' : formatBeijing(r.updatedAtMs),
              <span key="actions" style={{ display: 'inline-flex', gap: 8 }}>
                <Button size="small" onClick={() => setEditing(r)} aria-label={t`Edit the stream source of ${r.sn}`}>
                  <Trans>Edit</Trans>
                </Button>
                {r.source !== null ? (
                  <Button size="small" onClick={() => void streams.run(VIDEO.streamRemove, { projectId, sn: r.sn })} aria-label={t`Remove the stream source of ${r.sn}`}>
                    <Trans>Remove</Trans>
                  </Button>
                ) : null}
              </span>,
            ],
          }))}
        />
      </AdminSection>
      {editing ? <StreamSourceDialog projectId={projectId} row={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
});

/** Edits one camera's source: type, main and sub URL, user name and (write-only) password. */
function StreamSourceDialog({ projectId, row, onClose }: { projectId: string; row: CameraStreamRow; onClose: () => void }) {
  const { t } = useLingui();
  const save = useDialogCall();
  const sourceLabel = useSourceLabel();
  const [form, setForm] = useState<CameraStreamForm>(() => formOfRow(row));
  const text = (key: 'mainUrl' | 'subUrl' | 'user', label: string, placeholder?: string) => (
    <Field label={label}>
      <Input value={form[key]} placeholder={placeholder} onChange={(_, d) => setForm({ ...form, [key]: d.value })} />
    </Field>
  );
  const urlHint = form.source === 'rtsp' ? 'rtsp://192.168.1.64:554/Streaming/Channels/101' : 'https://media.example.com/live/cam1.m3u8';

  return (
    <EditDialog
      open
      title={t`Stream source of ${row.name} (${row.sn})`}
      error={save.error}
      saveLabel={t`Save`}
      cancelLabel={t`Cancel`}
      onClose={onClose}
      onSave={() => void save.call(VIDEO.streamSet, streamSetBody(projectId, row.sn, form)).then((ok) => ok && onClose())}
    >
      <Field label={t`Source`}>
        <Select value={form.source} onChange={(_, d) => setForm({ ...form, source: d.value as StreamSource })}>
          {STREAM_SOURCES.map((s) => (
            <option key={s} value={s}>
              {sourceLabel(s)}
            </option>
          ))}
        </Select>
      </Field>
      {form.source === 'demo' ? (
        <p style={{ margin: 0, fontSize: 13 }}>
          <Trans>A test pattern with the camera's name and the time, made by the server.</Trans>
        </p>
      ) : (
        <>
          {text('mainUrl', t`Main stream URL`, urlHint)}
          {text('subUrl', t`Sub stream URL (optional)`, urlHint)}
          {text('user', t`User name`)}
          <Field label={t`Password`} hint={form.passwordSaved ? t`A password is saved: leave empty to keep it` : undefined}>
            <Input type="password" autoComplete="new-password" value={form.password} onChange={(_, d) => setForm({ ...form, password: d.value })} />
          </Field>
        </>
      )}
    </EditDialog>
  );
}
