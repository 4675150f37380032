import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ChunkLoadError, CHUNK_TIMEOUT_MS, loadChunk } from './loadChunk';
import { lazyChunk } from './lazyChunk';
import { AppProviders } from './providers';
import { testRoot } from '../test/render';
import { activateLocale } from '../i18n/i18n';

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with what the import gives', async () => {
    await expect(loadChunk('a', async () => 42)).resolves.toBe(42);
  });

  it('names the chunk when the import rejects', async () => {
    const err = await loadChunk('boardList', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(err).toMatchObject({ chunk: 'boardList', reason: 'failed' });
    expect((err as Error).message).toContain('boardList');
  });

  it('fails a chunk without its component as missing', async () => {
    await expect(loadChunk('x', async () => undefined)).rejects.toMatchObject({ chunk: 'x', reason: 'missing' });
  });

  it('times out an import that never settles after 120 000 ms, not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    loadChunk('viewBoard', () => new Promise<never>(() => {})).catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect(settled).toMatchObject({ chunk: 'viewBoard', reason: 'timeout' });
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});

describe('lazyChunk', () => {
  it('shows an error naming the chunk with Retry instead of a white screen, and Retry loads it', async () => {
    await activateLocale('en');
    let attempts = 0;
    const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;
    const Lazy = lazyChunk('helloScreen', async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return Hello;
    });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppProviders root={testRoot()}>
        <Lazy name="site" />
      </AppProviders>,
    );
    expect(await screen.findByText(/Could not load part of the application: helloScreen/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello site')).toBeTruthy();
    expect(attempts).toBe(2);
    spy.mockRestore();
  });
});
