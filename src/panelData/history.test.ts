import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCompactTracks, tracksFailed } from './history';

/** A fetch answering every request with `status` and the JSON error envelope of docs/api.md. */
const answering = (status: number, errorMessage: string) => (async () => new Response(JSON.stringify({ errorMessage }), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;

describe('compact tracks failing in a replay', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a refusal (403) falls back to raw fixes without a word; the envelope message is the error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const err = await fetchCompactTracks({ projectId: 'p', fromMs: 0, toMs: 3_600_000 }, answering(403, 'No permission')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('No permission');
    expect(tracksFailed(err)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('any other failure falls back too, and says so on the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const err = await fetchCompactTracks({ projectId: 'p', fromMs: 0, toMs: 3_600_000 }, answering(400, 'fromMs is before the raw retention')).catch((e: unknown) => e);
    expect(tracksFailed(err)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0][1])).toContain('before the raw retention');
    tracksFailed(new TypeError('Failed to fetch'));
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
