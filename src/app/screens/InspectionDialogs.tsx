import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Field, Input, Radio, RadioGroup, Select, Textarea } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { INSPECTION_CATEGORIES, INSPECTION_SEVERITIES, INSPECTIONS, MAX_INSPECTION_PHOTOS, REVIEW_RESULTS, beijingDateOf, formatChainage, type Inspection, type ReviewResult } from '../../../protocol';
import { useStores } from '../../stores';
import { INSPECTION_CATEGORY_LABEL, INSPECTION_SEVERITY_LABEL, INSPECTION_STATE_LABEL } from '../../components/registers/labels';
import { STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';
import { PhotoPicker, PhotoThumbs, uploadFiles } from '../../components/registers/Photos';
import { EditDialog, errorText, ToolDialog, useDialogCall } from './admin/adminUi';
import { inspectionFieldsOf, inspectionProblems, newInspectionDraft, type InspectionDraft, type InspectionProblem } from './inspectionForm';

/** Where an inspection is, in words: its bore and chainage (K13+450) and its place. */
export function inspectionWhere(i: Pick<Inspection, 'tunnelId' | 'chainageM' | 'place'>): string {
  return [i.tunnelId !== null && i.chainageM !== null ? `${i.tunnelId} ${formatChainage(i.chainageM)}` : '', i.place].filter(Boolean).join(' · ');
}

/**
 * Records a new quality or safety issue (inspection/save, `zone.edit`): category, issue, where (a bore and
 * chainage written K13+450, or a place), severity, responsible company, the day found and the deadline
 * (Beijing dates), inspector, photos (JPEG/PNG, uploaded on save) and a note on them. Each field the schema
 * refuses gets its message before the call; the server's refusal shows above the buttons.
 */
export const NewInspectionDialog = observer(function NewInspectionDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { tunnels, queries } = useStores();
  const save = useDialogCall();
  const [draft, setDraft] = useState<InspectionDraft>(() => newInspectionDraft(Date.now()));
  const [photos, setPhotos] = useState<File[]>([]);
  const [shown, setShown] = useState<Record<string, InspectionProblem>>({});
  const problemText: Record<InspectionProblem, string> = {
    required: t`Required`,
    chainage: t`Write the chainage as K13+450`,
    date: t`A date as YYYY-MM-DD`,
    deadline: t`The deadline is before the day it was found`,
    where: t`Give a bore and chainage or a place`,
    invalid: t`Not valid`,
  };
  const set = <K extends keyof InspectionDraft>(k: K, v: InspectionDraft[K]) => setDraft({ ...draft, [k]: v });
  const field = (k: string) => ({ validationMessage: shown[k] ? problemText[shown[k]] : undefined, validationState: shown[k] ? ('error' as const) : ('none' as const) });

  async function handleSave() {
    const problems = inspectionProblems(draft);
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    const attachmentIds = await uploadFiles(queries, projectId, photos).catch((e: unknown) => save.setError(errorText(e)));
    if (!attachmentIds) return;
    if (await save.call(INSPECTIONS.save, { projectId, inspection: inspectionFieldsOf(draft), attachmentIds })) onClose();
  }

  return (
    <EditDialog open title={t`Record an inspection issue`} error={save.error} saveLabel={t`Save`} cancelLabel={t`Cancel`} onSave={() => void handleSave()} onClose={onClose}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 12 }}>
        <Field label={t`Category`}>
          <Select value={draft.category} onChange={(_, d) => set('category', INSPECTION_CATEGORIES.find((c) => c === d.value) ?? 'safety')}>
            {INSPECTION_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {i18n._(INSPECTION_CATEGORY_LABEL[c])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`Severity`}>
          <Select value={draft.severity} onChange={(_, d) => set('severity', INSPECTION_SEVERITIES.find((s) => s === d.value) ?? 'general')}>
            {INSPECTION_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {i18n._(INSPECTION_SEVERITY_LABEL[s])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`Issue`} {...field('issue')} style={{ gridColumn: '1 / -1' }}>
          <Textarea value={draft.issue} onChange={(_, d) => set('issue', d.value)} />
        </Field>
        <Field label={t`Bore`}>
          <Select value={draft.tunnelId} onChange={(_, d) => set('tunnelId', d.value)}>
            <option value="">{t`No bore (a place)`}</option>
            {tunnels.tunnels.map((b) => (
              <option key={b.tunnelId} value={b.tunnelId}>
                {b.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`Chainage (K13+450)`} {...field('chainage')}>
          <Input value={draft.chainage} disabled={draft.tunnelId === ''} onChange={(_, d) => set('chainage', d.value)} />
        </Field>
        <Field label={t`Place`} {...field('place')} style={{ gridColumn: '1 / -1' }}>
          <Input value={draft.place} onChange={(_, d) => set('place', d.value)} />
        </Field>
        <Field label={t`Responsible company`} {...field('company')}>
          <Input value={draft.company} onChange={(_, d) => set('company', d.value)} />
        </Field>
        <Field label={t`Inspector`} {...field('inspector')}>
          <Input value={draft.inspector} onChange={(_, d) => set('inspector', d.value)} />
        </Field>
        <Field label={t`Found on`} {...field('foundOn')}>
          <Input type="date" value={draft.foundOn} onChange={(_, d) => set('foundOn', d.value)} />
        </Field>
        <Field label={t`Deadline`} {...field('deadline')}>
          <Input type="date" value={draft.deadline} onChange={(_, d) => set('deadline', d.value)} />
        </Field>
        <Field label={t`Photos of the issue`} style={{ gridColumn: '1 / -1' }}>
          <PhotoPicker label={t`Photos of the issue`} max={MAX_INSPECTION_PHOTOS} files={photos} onChange={setPhotos} />
        </Field>
        <Field label={t`What the photos show`} {...field('photoNote')} style={{ gridColumn: '1 / -1' }}>
          <Input value={draft.photoNote} onChange={(_, d) => set('photoNote', d.value)} />
        </Field>
      </div>
    </EditDialog>
  );
});

/**
 * An inspection's detail (a row's "Details"): the issue, where, who and by when, its rectification and
 * review; for members who may edit (`mayEdit`), the next step by the routes' state rules: an issue not
 * closed takes a rectification (text and day; recording one again replaces a rejected one), one awaiting
 * review takes the review (passed closes it, rejected opens it again) with a note.
 */
export const InspectionDetailDialog = observer(function InspectionDetailDialog({ projectId, inspection: i, mayEdit, onClose }: { projectId: string; inspection: Inspection; mayEdit: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const title = t`Inspection ${i.inspectionId}`;
  const facts: Array<[string, string]> = [
    [t`Category`, i18n._(INSPECTION_CATEGORY_LABEL[i.category])],
    [t`Severity`, i18n._(INSPECTION_SEVERITY_LABEL[i.severity])],
    [t`Location`, inspectionWhere(i)],
    [t`Responsible company`, i.company],
    [t`Found on`, i.foundOn],
    [t`Deadline`, i.deadline],
    [t`Inspector`, i.inspector],
    [t`What the photos show`, i.photoNote],
    [t`Rectification`, i.rectification ? `${i.rectifiedOn ?? ''} ${i.rectification}` : '—'],
    [t`Review`, i.review ? `${i.review === 'passed' ? t`Passed` : t`Rejected`}${i.reviewer ? ` (${i.reviewer})` : ''}${i.reviewNote ? `: ${i.reviewNote}` : ''}` : '—'],
  ];
  const photoRows = ([[t`Photos of the issue`, i.attachments], [t`Photos of the rectification`, i.rectificationAttachments]] as const).filter(([, list]) => list.length > 0);
  const step = !mayEdit || i.state === 'closed' ? null : i.state === 'awaitingReview' ? 'review' : 'rectify';
  const state = (
    <span data-state={i.state}>
      {i18n._(INSPECTION_STATE_LABEL[i.state])}
      {i.overdue ? <strong style={{ color: STATUS_COLOR.alarm }}> · {i18n._(INSPECTION_STATE_LABEL.overdue)}</strong> : null}
    </span>
  );
  const body = (
    <>
      <p style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{i.issue}</p>
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0, fontSize: 14 }}>
        <dt style={{ color: SCREEN.textMuted }}>{t`State`}</dt>
        <dd style={{ margin: 0 }}>{state}</dd>
        {facts.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt style={{ color: SCREEN.textMuted }}>{k}</dt>
            <dd style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{v || '—'}</dd>
          </div>
        ))}
        {photoRows.map(([k, list]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt style={{ color: SCREEN.textMuted }}>{k}</dt>
            <dd style={{ margin: 0 }}>
              <PhotoThumbs projectId={projectId} attachments={list} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
  if (step === 'rectify') return <RectifyDialog projectId={projectId} inspection={i} title={title} onClose={onClose}>{body}</RectifyDialog>;
  if (step === 'review') return <ReviewDialog projectId={projectId} inspection={i} title={title} onClose={onClose}>{body}</ReviewDialog>;
  return (
    <ToolDialog title={title} closeLabel={t`Close`} onClose={onClose}>
      {body}
    </ToolDialog>
  );
});

/** The detail with the rectification form (inspection/rectify): what was done, the day (Beijing) and photos. */
function RectifyDialog({ projectId, inspection, title, onClose, children }: { projectId: string; inspection: Inspection; title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useLingui();
  const { queries } = useStores();
  const save = useDialogCall();
  const [photos, setPhotos] = useState<File[]>([]);
  const [text, setText] = useState('');
  const [day, setDay] = useState(() => beijingDateOf(Date.now()));
  const [tried, setTried] = useState(false);
  const missing = text.trim() === '';
  const badDay = !/^\d{4}-\d{2}-\d{2}$/.test(day);
  async function handleSave() {
    setTried(true);
    if (missing || badDay) return;
    const rectificationAttachmentIds = await uploadFiles(queries, projectId, photos).catch((e: unknown) => save.setError(errorText(e)));
    if (!rectificationAttachmentIds) return;
    if (await save.call(INSPECTIONS.rectify, { projectId, inspectionId: inspection.inspectionId, rectification: text, rectifiedOn: day, rectificationAttachmentIds })) onClose();
  }
  return (
    <EditDialog open title={title} error={save.error} saveLabel={t`Record rectification`} cancelLabel={t`Cancel`} onSave={() => void handleSave()} onClose={onClose}>
      {children}
      <Field label={t`Rectification`} validationMessage={tried && missing ? t`Required` : undefined} validationState={tried && missing ? 'error' : 'none'}>
        <Textarea value={text} onChange={(_, d) => setText(d.value)} />
      </Field>
      <Field label={t`Rectified on`} validationMessage={tried && badDay ? t`A date as YYYY-MM-DD` : undefined} validationState={tried && badDay ? 'error' : 'none'}>
        <Input type="date" value={day} onChange={(_, d) => setDay(d.value)} />
      </Field>
      <Field label={t`Photos of the rectification`}>
        <PhotoPicker label={t`Photos of the rectification`} max={MAX_INSPECTION_PHOTOS} files={photos} onChange={setPhotos} />
      </Field>
    </EditDialog>
  );
}

/** The detail with the review form (inspection/review): passed or rejected, and a note. */
function ReviewDialog({ projectId, inspection, title, onClose, children }: { projectId: string; inspection: Inspection; title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useLingui();
  const save = useDialogCall();
  const [result, setResult] = useState<ReviewResult>('passed');
  const [note, setNote] = useState('');
  async function handleSave() {
    if (await save.call(INSPECTIONS.review, { projectId, inspectionId: inspection.inspectionId, result, note })) onClose();
  }
  return (
    <EditDialog open title={title} error={save.error} saveLabel={t`Record review`} cancelLabel={t`Cancel`} onSave={() => void handleSave()} onClose={onClose}>
      {children}
      <Field label={t`Review`}>
        <RadioGroup layout="horizontal" value={result} onChange={(_, d) => setResult(REVIEW_RESULTS.find((r) => r === d.value) ?? 'passed')}>
          <Radio value="passed" label={t`Passed`} />
          <Radio value="rejected" label={t`Rejected`} />
        </RadioGroup>
      </Field>
      <Field label={t`Review note`}>
        <Textarea value={note} onChange={(_, d) => setNote(d.value)} />
      </Field>
    </EditDialog>
  );
}
