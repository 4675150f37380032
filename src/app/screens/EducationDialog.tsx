import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Checkbox, Field, Input, Select } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { EDUCATION, EDUCATION_METHODS, EDUCATION_TYPES, PEOPLE, type EducationMethod, type EducationRecord, type EducationType } from '../../../protocol';
import { BusinessError } from '../../api/request';
import { useQuery, useStores } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { EDUCATION_METHOD_LABEL, EDUCATION_TYPE_LABEL } from '../../components/educationLabels';
import { beijingInputValue, parseBeijingInput } from '../../board/timeControls/timeRange';
import { EditDialog } from './admin/adminUi';
import { uploadFiles } from '../../components/registers/Photos';

/** Most people the participant picker lists for a search (the rest by a narrower search). */
const PICKER_ROWS = 60;

/** Uploads `file` (if any) to the project's attachment store; its id, or `keep` without a file. */
async function uploaded(queries: ReturnType<typeof useStores>['queries'], projectId: string, file: File | null, keep: number | null): Promise<number | null> {
  return file ? (await uploadFiles(queries, projectId, [file]))[0] : keep;
}

/**
 * Records or changes a safety education record (docs/domain.md "Safety education"): time, theme, type,
 * method, hours, participants picked from the registry (search by name or team), attachments; a pre-shift
 * record adds its team, initiator, sign sheet, photo and video. `record` null: a new one.
 */
export const EducationDialog = observer(function EducationDialog({ projectId, record, onClose }: { projectId: string; record: EducationRecord | null; onClose: () => void }) {
  const { queries } = useStores();
  const { t, i18n } = useLingui();
  const [type, setType] = useState<EducationType>(record?.type ?? 'threeLevel');
  const [method, setMethod] = useState<EducationMethod>(record?.method ?? 'classroom');
  const [at, setAt] = useState(() => beijingInputValue(record?.trainedAtMs ?? Date.now()));
  const [theme, setTheme] = useState(record?.theme ?? '');
  const [hours, setHours] = useState(String(record?.hours ?? 1));
  const [chosen, setChosen] = useState<Map<string, string>>(() => new Map((record?.participants ?? []).map((p) => [p.personId, p.name || p.personId])));
  const [q, setQ] = useState('');
  const [team, setTeam] = useState(record?.team ?? '');
  const [initiator, setInitiator] = useState(record?.initiator ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [sheet, setSheet] = useState<File | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [video, setVideo] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const people = useQuery(PEOPLE.personList, { projectId, ...(q.trim() ? { q: q.trim() } : {}) }).data;
  const preShift = type === 'preShift';

  const save = async () => {
    setError(null);
    try {
      const attachmentIds = [...(record?.attachmentIds ?? [])];
      attachmentIds.push(...(await uploadFiles(queries, projectId, files)));
      const files3 = preShift
        ? { team, initiator, signSheetId: await uploaded(queries, projectId, sheet, record?.signSheetId ?? null), photoId: await uploaded(queries, projectId, photo, record?.photoId ?? null), videoId: await uploaded(queries, projectId, video, record?.videoId ?? null) }
        : {};
      // an unreadable time or number goes as NaN (null on the wire) and is refused by the server's validation
      await queries.mutate(
        EDUCATION.save,
        { projectId, recordId: record?.recordId, record: { trainedAtMs: parseBeijingInput(at) ?? Number.NaN, theme, type, method, hours: Number(hours), participants: [...chosen.keys()], attachmentIds, ...files3 } },
        { skipErrorHandler: true },
      );
      onClose();
    } catch (err) {
      setError(err instanceof BusinessError ? err.errorMessage : String(err));
    }
  };

  const toggle = (personId: string, name: string, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(personId, name);
    else next.delete(personId);
    setChosen(next);
  };

  return (
    <EditDialog open title={record ? t`Edit education record` : t`Record a safety education`} error={error} saveLabel={t`Save`} cancelLabel={t`Cancel`} onSave={() => void save()} onClose={onClose}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Field label={t`Type`}>
          <Select value={type} onChange={(_, d) => setType(d.value as EducationType)}>
            {EDUCATION_TYPES.map((k) => (
              <option key={k} value={k}>
                {i18n._(EDUCATION_TYPE_LABEL[k])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`Method`}>
          <Select value={method} onChange={(_, d) => setMethod(d.value as EducationMethod)}>
            {EDUCATION_METHODS.map((k) => (
              <option key={k} value={k}>
                {i18n._(EDUCATION_METHOD_LABEL[k])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`Time (Beijing time)`}>
          <Input type="datetime-local" value={at} onChange={(_, d) => setAt(d.value)} />
        </Field>
        <Field label={t`Hours`}>
          <Input type="number" min={0.1} step={0.1} value={hours} onChange={(_, d) => setHours(d.value)} style={{ width: 90 }} />
        </Field>
      </div>
      <Field label={t`Theme`}>
        <Input value={theme} onChange={(_, d) => setTheme(d.value)} />
      </Field>
      {preShift ? (
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Field label={t`Team`}>
            <Input value={team} onChange={(_, d) => setTeam(d.value)} />
          </Field>
          <Field label={t`Initiator`}>
            <Input value={initiator} onChange={(_, d) => setInitiator(d.value)} />
          </Field>
          <Field label={t`Sign sheet`}>
            <input type="file" accept="image/jpeg,image/png,image/webp,application/pdf" onChange={(e) => setSheet(e.target.files?.[0] ?? null)} />
          </Field>
          <Field label={t`Morning meeting photo`}>
            <input type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
          </Field>
          <Field label={t`Morning meeting video`}>
            <input type="file" accept="video/mp4" onChange={(e) => setVideo(e.target.files?.[0] ?? null)} />
          </Field>
        </div>
      ) : null}
      <Field label={t`Participants (${chosen.size})`}>
        <Input placeholder={t`Search by name or team`} aria-label={t`Search by name or team`} value={q} onChange={(_, d) => setQ(d.value)} />
      </Field>
      <div style={{ maxHeight: 220, overflowY: 'auto', border: `1px solid ${SCREEN.panelBorder}`, padding: 6, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {(people?.list ?? []).slice(0, PICKER_ROWS).map((p) => (
          <Checkbox key={p.personId} label={`${p.name} · ${p.team}`} checked={chosen.has(p.personId)} onChange={(_, d) => toggle(p.personId, p.name, d.checked === true)} />
        ))}
      </div>
      {chosen.size > 0 ? <div style={{ color: SCREEN.textMuted }}>{[...chosen.values()].join(', ')}</div> : null}
      <Field label={t`Attachments`}>
        <input type="file" multiple accept="image/jpeg,image/png,image/webp,application/pdf,video/mp4" onChange={(e) => setFiles([...(e.target.files ?? [])])} />
      </Field>
    </EditDialog>
  );
});
