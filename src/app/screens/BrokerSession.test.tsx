import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n } from '../../i18n/i18n';
import { BrokerSession } from './BrokerSession';

async function show(session: Parameters<typeof BrokerSession>[0]['session']) {
  await activateLocale('en');
  return render(
    <I18nProvider i18n={i18n}>
      <BrokerSession session={session} />
    </I18nProvider>,
  );
}

describe('BrokerSession (status page entry on the external broker session)', () => {
  it('warns as an alert how often the broker lost the session and says what to do', async () => {
    await show({ lost: 2, lastLostAtMs: Date.UTC(2026, 10, 27, 8, 0, 0) });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/Sessions of this server the broker lost: 2,/);
    expect(alert.textContent).toMatch(/persistence/);
  });

  it('is a quiet line while the broker kept the session, and absent with the embedded broker', async () => {
    const { unmount } = await show({ lost: 0, lastLostAtMs: null });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText("The broker has kept this server's session.")).toBeTruthy();
    unmount();
    const { container } = await show(null);
    expect(container.textContent).toBe('');
  });
});
