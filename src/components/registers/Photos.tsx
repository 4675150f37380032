import { useLingui } from '@lingui/react/macro';
import { appUrl, ATTACHMENTS, attachmentFilePath, isPictureType, type Attachment } from '../../../protocol';
import { fileToBase64 } from '../../app/screens/admin/adminUi';
import type { useStores } from '../../stores';
import { SCREEN } from '../../theme/theme';

/**
 * Uploads `files` one after the other to the attachment store of `projectId` (attachment/upload, docs/api.md
 * "Attachments"); their ids in order, for a record's `attachmentIds`. Throws the first refusal (the uploads
 * before it stay free and are pruned after a day).
 */
export async function uploadFiles(queries: ReturnType<typeof useStores>['queries'], projectId: string, files: readonly File[]): Promise<number[]> {
  const ids: number[] = [];
  for (const f of files) {
    const a = await queries.mutate(ATTACHMENTS.upload, { projectId, fileName: f.name, contentBase64: await fileToBase64(f) }, { skipErrorHandler: true });
    ids.push(a.attachmentId);
  }
  return ids;
}

/**
 * A picker of JPEG/PNG photos (a record's photos, uploaded on save with {@link uploadFiles}); `max` photos at
 * most, the rest dropped, with the count chosen shown.
 */
export function PhotoPicker({ label, max, files, onChange }: { label: string; max: number; files: readonly File[]; onChange: (files: File[]) => void }) {
  const { t } = useLingui();
  const n = files.length;
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', fontSize: 14 }}>
      <input type="file" multiple accept="image/jpeg,image/png" aria-label={label} onChange={(e) => onChange([...(e.target.files ?? [])].slice(0, max))} />
      <span style={{ color: SCREEN.textMuted }}>{t`${n} of at most ${max} photos`}</span>
    </div>
  );
}

/** Thumbnails of a record's pictures, each a link opening the full-size file (attachment/file, members only). */
export function PhotoThumbs({ projectId, attachments }: { projectId: string; attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <span style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {attachments.map((a) => {
        const href = appUrl(attachmentFilePath(projectId, a.attachmentId));
        return (
          <a key={a.attachmentId} href={href} target="_blank" rel="noreferrer" title={a.fileName} style={{ color: SCREEN.brand, fontSize: 14 }}>
            {isPictureType(a.type) ? <img src={href} alt={a.fileName} style={{ height: 96, borderRadius: 3, border: `1px solid ${SCREEN.panelBorder}` }} /> : a.fileName}
          </a>
        );
      })}
    </span>
  );
}
