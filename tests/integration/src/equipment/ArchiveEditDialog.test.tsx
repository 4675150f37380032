import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beijingMidnightOf, EQUIPMENT, type EquipmentArchive } from '../../../../protocol';
import { ArchiveEditDialog } from '../../../../src/equipment/ArchiveEditDialog';
import { appRoot, renderWithApp } from '../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../src/test/realServer';
import { findDialog, IN_DIALOG } from '../../../../src/test/dialogs';

/** docs/api.md "Equipment": an administrator edits a tower crane's archive in the archive form and attaches its inspection report. */
const WAIT = { timeout: 30_000 };
const PROJECT = 'demo-tunnel';
const real = useRealServer();

const stored = async (sn: string) => (await real().admin.call<EquipmentArchive>(EQUIPMENT.archive.path, { projectId: PROJECT, sn })).archive;

describe('archive form', () => {
  it('shows a refused field under it and saves nothing, then saves the archive with a new inspection report', async () => {
    const before = await stored('TC-02');
    expect(before).not.toBeNull();
    const root = appRoot(real().client().fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    let closed = 0;
    await renderWithApp(<ArchiveEditDialog projectId={PROJECT} sn="TC-02" kind="towerCrane" archive={before} onClose={() => closed++} />, root);
    const dialog = await findDialog('Edit archive');
    const form = within(dialog).getByRole('group', { name: 'Equipment archive', ...IN_DIALOG });
    // the recorded archive fills the form; a tower crane shows its rated moment and jib length, with units
    expect((within(form).getByLabelText(/^Model/) as HTMLInputElement).value).toBe(before!.model);
    const type = (label: RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    type(/^Rated lifting moment \(kN·m\)/, 'heavy');
    type(/^Jib length \(m\)/, '65');
    type(/^Property right unit/, 'Harbour Crane Leasing Co.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await within(form).findByText('Not a number', {}, WAIT);
    expect(await stored('TC-02')).toEqual(before);

    type(/^Rated lifting moment \(kN·m\)/, '1600');
    type(/^Inspection date/, '2026-03-02');
    const picker = within(form).getByLabelText('Add to Inspection report');
    fireEvent.change(picker, { target: { files: [new File(['%PDF-1.7\n%%EOF\n'], 'report-2026.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(() => expect(closed).toBe(1), WAIT);
    const after = await stored('TC-02');
    expect(after).toMatchObject({ propertyUnit: 'Harbour Crane Leasing Co.', ratedMomentKnm: 1600, maxSpanM: 65, lastInspectionMs: beijingMidnightOf('2026-03-02'), model: before!.model });
    expect(after!.files.inspectionReport.map((f) => [f.fileName, f.type])).toEqual([['report-2026.pdf', 'pdf']]);
    expect(screen.queryByText('Not a number')).toBeNull();
  }, 180_000);
});
