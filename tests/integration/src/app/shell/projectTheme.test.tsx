import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ADMIN, BOARDS, type AuditPage, type SystemStyle } from '../../../../../protocol';
import { renderWithApp, testRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { THEME_STORAGE_KEY } from '../../../../../src/theme/settings';
import { useThemeControl } from '../../../../../src/app/shell/ThemeController';
import { ThemeMenu } from '../../../../../src/app/shell/ThemeMenu';

const real = useRealServer();
const WAIT = { timeout: 5000 };
const PROJECT = 'demo-tunnel';

function Brand() {
  const { theme, settings } = useThemeControl();
  return (
    <span data-testid="brand" data-mode={settings.theme}>
      {theme.colorBrandBackground.toLowerCase()}
    </span>
  );
}

async function serverStyle(): Promise<SystemStyle> {
  return real().admin.call<SystemStyle>(BOARDS.systemStyleDetails.path, { projectId: PROJECT });
}

async function setServerStyle(change: { primaryColor?: string; theme?: 'dark' | 'light'; title?: string }): Promise<void> {
  const { version } = await serverStyle();
  await real().admin.call(BOARDS.systemStyleEdit.path, { projectId: PROJECT, baseVersion: version, ...change });
}

async function openAsAdmin() {
  const api = real().client();
  const root = testRoot({ fetch: api.fetch });
  await root.session.login('admin', TEST_ADMIN_PASSWORD);
  await renderWithApp(
    <>
      <ThemeMenu />
      <Brand />
    </>,
    root,
  );
}

describe("the project's theme, kept on the server, with the browser's choice on top", () => {
  afterEach(async () => {
    localStorage.removeItem(THEME_STORAGE_KEY);
    await setServerStyle({ primaryColor: '#00b589', theme: 'dark', title: 'SiteBoard' });
  });

  it("shows the project's theme, lets this browser choose its own, and goes back to the project's", async () => {
    await setServerStyle({ primaryColor: '#F5222D' });
    await openAsAdmin();
    await waitFor(() => expect(screen.getByTestId('brand').textContent).toBe('#f5222d'), WAIT);

    fireEvent.click(screen.getByTestId('theme-menu'));
    expect((await screen.findByText("The project's theme")).closest('[data-theme-source]')?.getAttribute('data-theme-source')).toBe('project');
    fireEvent.click(await screen.findByLabelText('Blue'));
    await waitFor(() => expect(screen.getByTestId('brand').textContent).toBe('#1890ff'), WAIT);
    expect(await screen.findByText("This browser's own choice, over the project's theme")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(THEME_STORAGE_KEY)!)).toMatchObject({ primaryColor: '#1890FF' });
    expect((await serverStyle()).primaryColor.toLowerCase()).toBe('#f5222d'); // the server's is untouched

    fireEvent.click(await screen.findByText("Use the project's theme"));
    await waitFor(() => expect(screen.getByTestId('brand').textContent).toBe('#f5222d'), WAIT);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it("a board editor saves the browser's choice as the project's theme, and the browser then follows the project's", async () => {
    await openAsAdmin();
    fireEvent.click(screen.getByTestId('theme-menu'));
    fireEvent.click(await screen.findByLabelText('Light'));
    await waitFor(() => expect(screen.getByTestId('brand').getAttribute('data-mode')).toBe('light'), WAIT);
    fireEvent.click(await screen.findByText("Save as the project's theme"));
    await waitFor(async () => expect((await serverStyle()).theme).toBe('light'), WAIT);
    await waitFor(() => expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull(), WAIT);
    await waitFor(() => expect(document.querySelector('[data-theme-source]')?.getAttribute('data-theme-source')).toBe('project'), WAIT);
    expect(screen.getByTestId('brand').getAttribute('data-mode')).toBe('light');
    const audit = await real().admin.call<AuditPage>(ADMIN.auditList.path, { projectId: PROJECT, action: 'systemStyle.edit' });
    expect(audit.rows[0]).toMatchObject({ username: 'admin', action: 'systemStyle.edit' });
  });
});
