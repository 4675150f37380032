import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Button, Checkbox, Input, Select, Textarea } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { EVENT_KINDS, EVENTS, type EventKind } from '../../../protocol';
import { BusinessError } from '../../api/request';
import { downloadExport } from '../../api/downloadExport';
import { useQuery, useStores } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { EventList } from '../../components/home/EventList';
import { uploadFiles } from '../../components/registers/Photos';
import { EVENT_KIND_LABEL } from '../../components/home/labels';
import { beijingInputValue, parseBeijingInput } from '../../board/timeControls/timeRange';
import { useProjectId } from '../shell/useProjectId';
import { ScreenFrame, ScreenLink } from './ScreenFrame';

const section = { background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, padding: 16, marginBottom: 16, fontSize: 16 } as const;
/** Events shown at once (latest first); older ones through the filter or the export. */
const PAGE_SIZE = 50;

/**
 * The event book (`/#/events`, docs/domain.md "Event book"): the project's events latest first, filtered by
 * kind and words, exported as .xlsx; members who may edit the registers (`zone.edit`) record events with
 * photos, PDFs or clips and delete them.
 */
export const EventBookScreen = observer(function EventBookScreen() {
  const projectId = useProjectId();
  const { session, queries } = useStores();
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<EventKind | ''>('');
  const [q, setQ] = useState('');
  const filter = projectId ? { projectId, ...(kind ? { kind } : {}), ...(q.trim() ? { q: q.trim() } : {}) } : null;
  const page = useQuery(EVENTS.list, filter ? { ...filter, pageSize: PAGE_SIZE } : null).data;
  const mayWrite = session.may('zone.edit');
  const remove = async (eventId: number) => {
    if (!projectId || !window.confirm(t`Delete this event and its attachments?`)) return;
    await queries.mutate(EVENTS.delete, { projectId, eventId });
  };
  return (
    <ScreenFrame title={<Trans>Event book</Trans>} actions={<ScreenLink to="/home"><Trans>Project home</Trans></ScreenLink>}>
      {mayWrite && projectId ? <EventForm projectId={projectId} /> : null}
      <section style={section} aria-label={t`Events`}>
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', marginBottom: 10 }}>
          <Select aria-label={t`Kind`} value={kind} onChange={(_, d) => setKind(d.value as EventKind | '')}>
            <option value="">{t`All kinds`}</option>
            {EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {i18n._(EVENT_KIND_LABEL[k])}
              </option>
            ))}
          </Select>
          <Input aria-label={t`Search title and text`} placeholder={t`Search title and text`} value={q} onChange={(_, d) => setQ(d.value)} />
          <span style={{ color: SCREEN.textMuted }}>
            <Trans>{page?.total ?? 0} events</Trans>
          </span>
          <Button onClick={() => filter && void downloadExport(EVENTS.export.path, { ...filter, format: 'xlsx' }, 'events.xlsx')}>
            <Trans>Export .xlsx</Trans>
          </Button>
        </div>
        {page && projectId ? (
          <EventList
            projectId={projectId}
            events={page.list}
            actions={
              mayWrite
                ? (e) => (
                    <Button size="small" onClick={() => void remove(e.eventId)}>
                      <Trans>Delete</Trans>
                    </Button>
                  )
                : undefined
            }
          />
        ) : null}
      </section>
    </ScreenFrame>
  );
});

/** Records an event: kind, time (Beijing time), title, text, recordable accident (incidents), attachments uploaded first. */
const EventForm = observer(function EventForm({ projectId }: { projectId: string }) {
  const { queries } = useStores();
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<EventKind>('milestone');
  const [at, setAt] = useState(() => beijingInputValue(Date.now()));
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [recordable, setRecordable] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const save = async () => {
    setBusy(true);
    setMessage('');
    try {
      const attachmentIds = await uploadFiles(queries, projectId, files);
      // an unreadable time goes as NaN (null on the wire) and is refused by the server's validation
      const occurredAtMs = parseBeijingInput(at) ?? Number.NaN;
      await queries.mutate(EVENTS.add, { projectId, kind, occurredAtMs, title, text, recordable: kind === 'incident' && recordable, attachmentIds }, { skipErrorHandler: true });
      setTitle('');
      setText('');
      setRecordable(false);
      setFiles([]);
    } catch (err) {
      setMessage(err instanceof BusinessError ? err.errorMessage : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section style={section} aria-label={t`Record an event`}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
        <Select aria-label={t`Kind`} value={kind} onChange={(_, d) => setKind(d.value as EventKind)}>
          {EVENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {i18n._(EVENT_KIND_LABEL[k])}
            </option>
          ))}
        </Select>
        <Input type="datetime-local" aria-label={t`Time (Beijing time)`} value={at} onChange={(_, d) => setAt(d.value)} />
        <Input aria-label={t`Title`} placeholder={t`Title`} value={title} onChange={(_, d) => setTitle(d.value)} style={{ minWidth: 360 }} />
        {kind === 'incident' ? <Checkbox label={t`Recordable accident`} checked={recordable} onChange={(_, d) => setRecordable(d.checked === true)} /> : null}
      </div>
      <Textarea aria-label={t`Text`} placeholder={t`What happened`} value={text} onChange={(_, d) => setText(d.value)} style={{ width: '100%', marginTop: 8 }} />
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginTop: 8, flexWrap: 'wrap' }}>
        <input type="file" multiple accept="image/jpeg,image/png,image/webp,application/pdf,video/mp4" aria-label={t`Photos and files`} onChange={(e) => setFiles([...(e.target.files ?? [])])} />
        <Button appearance="primary" disabled={busy || title.trim() === ''} onClick={() => void save()}>
          <Trans>Record</Trans>
        </Button>
        {message ? (
          <span role="alert" style={{ color: '#ff6b6b' }}>
            {message}
          </span>
        ) : null}
      </div>
    </section>
  );
});
