import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithApp, testRoot } from '../../test/render';
import { AppStatusStore } from './appStatus';
import { ShellBanners, StaleBadge } from './ShellBanners';

describe('offline and update notices (docs/product.md "Shell and session")', () => {
  afterEach(() => vi.restoreAllMocks());

  it('"You are offline now" appears when the network goes and disappears when it returns; the header marks stale data', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const store = new AppStatusStore(true);
    await renderWithApp(<><StaleBadge store={store} /><ShellBanners store={store} register={false} /></>, testRoot());
    expect(screen.queryByText('You are offline now')).toBeNull();

    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('You are offline now')).toBeTruthy();
    expect(screen.getByText('Offline: last data')).toBeTruthy();

    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText('You are offline now')).toBeNull();
    expect(screen.queryByText('Offline: last data')).toBeNull();
  });

  it('"New content is available" with Refresh activates the waiting version', async () => {
    const store = new AppStatusStore(true);
    await renderWithApp(<ShellBanners store={store} register={false} />, testRoot());
    const activate = vi.fn(async () => {});
    act(() => store.setUpdateWaiting(activate));
    expect(screen.getByText('New content is available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(activate).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('New content is available')).toBeNull();
  });
});
