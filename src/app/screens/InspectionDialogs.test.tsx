import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ATTACHMENTS, INSPECTIONS, type Inspection } from '../../../protocol';
import { renderWithApp, testRoot } from '../../test/render';
import { InspectionDetailDialog } from './InspectionDialogs';

const photo = (attachmentId: number, fileName: string) => ({ attachmentId, fileName, type: 'jpeg' as const, sizeBytes: 100, uploadedBy: 'admin', uploadedAtMs: 0 });
const open: Inspection = {
  inspectionId: 7, category: 'safety', issue: 'Guardrail gap', tunnelId: null, chainageM: null, place: 'LK shaft', severity: 'major', company: 'Hengtai', foundOn: '2026-11-20', deadline: '2026-11-30',
  inspector: '', photoNote: '', attachments: [photo(11, 'gap.jpg')], rectification: '', rectificationAttachments: [], rectifiedOn: null, review: null, reviewer: '', reviewNote: '', reviewedAtMs: null,
  state: 'open', overdue: false, updatedAtMs: 0,
};

describe('inspection detail dialog', () => {
  it("shows the issue's photos as thumbnails linking to the full-size file, and uploads the rectification's photos before recording it", async () => {
    const root = testRoot();
    const mutate = vi.spyOn(root.queries, 'mutate').mockImplementation(async (contract) => (contract === ATTACHMENTS.upload ? photo(12, 'fixed.jpg') : open) as never);
    const onClose = vi.fn();
    await renderWithApp(<InspectionDetailDialog projectId="p1" inspection={open} mayEdit onClose={onClose} />, root);
    const thumb = await screen.findByAltText('gap.jpg');
    expect(thumb.closest('a')!.getAttribute('href')).toContain('/zhgd/attachment/file?projectId=p1&attachmentId=11');

    fireEvent.change(screen.getByRole('textbox', { name: 'Rectification' }), { target: { value: 'Guardrail closed' } });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'fixed.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Photos of the rectification', { selector: 'input' }), { target: { files: [file] } });
    expect(screen.getByText('1 of at most 6 photos')).toBeTruthy();
    fireEvent.click(screen.getByText('Record rectification'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mutate.mock.calls.map((c) => c[0])).toEqual([ATTACHMENTS.upload, INSPECTIONS.rectify]);
    expect(mutate.mock.calls[0][1]).toMatchObject({ projectId: 'p1', fileName: 'fixed.jpg', contentBase64: '/9j/' });
    expect(mutate.mock.calls[1][1]).toMatchObject({ projectId: 'p1', inspectionId: 7, rectification: 'Guardrail closed', rectificationAttachmentIds: [12] });
  });
});
