import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Field, Input } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { ARCHIVE_FILE_GROUPS, EQUIPMENT, equipmentRoleOf, MAX_ATTACHMENTS_PER_RECORD, type ArchiveFileGroup, type Attachment, type EquipmentArchive } from '../../protocol';
import { useStores } from '../stores';
import { EditDialog, errorText, useDialogCall } from '../app/screens/admin/adminUi';
import { uploadFiles } from '../components/registers/Photos';
import { SCREEN } from '../theme/theme';
import { ARCHIVE_NUMBER_FIELDS, archiveDraft, archiveFieldsOf, archiveProblems, type ArchiveDraft, type ArchiveField, type ArchiveProblem } from './archiveForm';

/** What each group's picker accepts: scanned papers as PDF or pictures, photos as pictures. */
const ACCEPT: Record<ArchiveFileGroup, string> = {
  inspectionReport: 'application/pdf,image/jpeg,image/png,image/webp',
  registrationCertificate: 'application/pdf,image/jpeg,image/png,image/webp',
  photos: 'image/jpeg,image/png,image/webp',
};

/**
 * Creates or replaces the archive of a piece of lifting equipment (docs/api.md "Equipment",
 * equipment/archive/save; project managers and administrators) in a dialog: the type plate, units and
 * registration, inspection, ratings and dimensions (only those the kind records, protocol/kinds
 * `equipment.archive`, with their units), and the files by group. Each field the schema refuses shows its
 * message under it before anything is sent; new files are uploaded on save (attachment/upload) and the
 * server's refusal shows above the buttons. Closes after a save; the archive tab reloads through the query store.
 */
export const ArchiveEditDialog = observer(function ArchiveEditDialog({ projectId, sn, kind, archive, onClose }: { projectId: string; sn: string; kind: string; archive: EquipmentArchive['archive']; onClose: () => void }) {
  const { t } = useLingui();
  const { queries } = useStores();
  const save = useDialogCall();
  const dims = equipmentRoleOf(kind)?.archive ?? { height: 'hookHeight', span: null, ratedMoment: false };
  const [draft, setDraft] = useState<ArchiveDraft>(() => archiveDraft(archive));
  const [shown, setShown] = useState<Partial<Record<ArchiveField, ArchiveProblem>>>({});
  const [kept, setKept] = useState<Record<ArchiveFileGroup, Attachment[]>>(() => archive?.files ?? { inspectionReport: [], registrationCertificate: [], photos: [] });
  const [added, setAdded] = useState<Record<ArchiveFileGroup, File[]>>({ inspectionReport: [], registrationCertificate: [], photos: [] });
  const [busy, setBusy] = useState(false);

  const problemText: Record<ArchiveProblem, string> = {
    required: t`Required`,
    number: t`Not a number`,
    date: t`A date as YYYY-MM-DD`,
    order: t`Out of order with the date before it`,
    range: t`Out of range`,
  };
  const label: Record<ArchiveField, string> = {
    model: t`Model`,
    maker: t`Manufacturer`,
    serialNo: t`Factory number`,
    manufacturedAtMs: t`Manufacture date`,
    propertyUnit: t`Property right unit`,
    installationUnit: t`Installation unit`,
    installedAtMs: t`Installation date`,
    registrationNo: t`Use registration number`,
    inspectionReportNo: t`Inspection report number`,
    lastInspectionMs: t`Inspection date`,
    nextInspectionMs: t`Next inspection due`,
    ratedLoadT: t`Rated load (t)`,
    ratedMomentKnm: t`Rated lifting moment (kN·m)`,
    maxHeightM: dims.height === 'cageTravel' ? t`Max cage travel height (m)` : t`Max hook height (m)`,
    maxSpanM: dims.span === 'jibLength' ? t`Jib length (m)` : dims.span === 'boomLength' ? t`Max boom length (m)` : t`Span (m)`,
  };
  const groupLabel: Record<ArchiveFileGroup, string> = { inspectionReport: t`Inspection report`, registrationCertificate: t`Use registration certificate`, photos: t`Photos` };

  const field = (f: ArchiveField, type: 'text' | 'date' = 'text'): ReactNode => (
    <Field key={f} label={label[f]} required={f === 'model' || f === 'maker'} validationMessage={shown[f] ? problemText[shown[f]] : undefined} validationState={shown[f] ? 'error' : 'none'}>
      <Input type={type} value={draft[f]} inputMode={(ARCHIVE_NUMBER_FIELDS as readonly string[]).includes(f) ? 'decimal' : undefined} onChange={(_, d) => setDraft((x) => ({ ...x, [f]: d.value }))} />
    </Field>
  );
  const group = (legend: string, children: ReactNode) => (
    <fieldset style={{ border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, padding: '8px 12px 12px', margin: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 10 }}>
      <legend style={{ fontWeight: 600, fontSize: 14, padding: '0 4px' }}>{legend}</legend>
      {children}
    </fieldset>
  );

  async function handleSave() {
    const problems = archiveProblems(draft, dims);
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const files = {} as Record<ArchiveFileGroup, number[]>;
      for (const g of ARCHIVE_FILE_GROUPS) files[g] = [...kept[g].map((a) => a.attachmentId), ...(await uploadFiles(queries, projectId, added[g]))];
      if (await save.call(EQUIPMENT.archiveSave, { projectId, sn, archive: archiveFieldsOf(draft, dims), files })) onClose();
    } catch (e) {
      save.setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <EditDialog open title={archive ? t`Edit archive` : t`Create archive`} error={save.error} saveLabel={busy ? t`Saving…` : t`Save`} cancelLabel={t`Cancel`} onSave={() => void (busy ? undefined : handleSave())} onClose={onClose}>
      <div role="group" aria-label={t`Equipment archive`} style={{ display: 'grid', gap: 12, fontSize: 14 }}>
        {group(t`Type plate`, [field('model'), field('maker'), field('serialNo'), field('manufacturedAtMs', 'date')])}
        {group(t`Units and registration`, [field('propertyUnit'), field('installationUnit'), field('installedAtMs', 'date'), field('registrationNo')])}
        {group(t`Inspection`, [field('inspectionReportNo'), field('lastInspectionMs', 'date'), field('nextInspectionMs', 'date')])}
        {group(t`Ratings and dimensions`, [field('ratedLoadT'), dims.ratedMoment ? field('ratedMomentKnm') : null, field('maxHeightM'), dims.span !== null ? field('maxSpanM') : null])}
        <fieldset style={{ border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, padding: '8px 12px 12px', margin: 0, display: 'grid', gap: 10 }}>
          <legend style={{ fontWeight: 600, fontSize: 14, padding: '0 4px' }}>{t`Files`}</legend>
          {ARCHIVE_FILE_GROUPS.map((g) => {
            const room = MAX_ATTACHMENTS_PER_RECORD - kept[g].length;
            return (
              <Field key={g} label={groupLabel[g]}>
                <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }} data-archive-files={g}>
                  {kept[g].map((a) => (
                    <span key={a.attachmentId} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 3, padding: '2px 6px' }}>
                      {a.fileName}
                      <Button size="small" appearance="subtle" aria-label={t`Remove ${a.fileName}`} onClick={() => setKept((k) => ({ ...k, [g]: k[g].filter((x) => x.attachmentId !== a.attachmentId) }))}>
                        ✕
                      </Button>
                    </span>
                  ))}
                  <input type="file" multiple accept={ACCEPT[g]} aria-label={t`Add to ${groupLabel[g]}`} disabled={room <= 0} onChange={(e) => {
                    const picked = [...(e.target.files ?? [])].slice(0, Math.max(0, room));
                    setAdded((a) => ({ ...a, [g]: picked }));
                  }} />
                  <span style={{ color: SCREEN.textMuted }}>{t`${kept[g].length + added[g].length} of at most ${MAX_ATTACHMENTS_PER_RECORD}`}</span>
                </div>
              </Field>
            );
          })}
        </fieldset>
      </div>
    </EditDialog>
  );
});
