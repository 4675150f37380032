import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { ErrorBoundary } from '../components';
import { ChunkLoadError, CHUNK_TIMEOUT_MS, loadChunk } from './loadChunk';

/** The error shown in place of a chunk that did not load, with a Retry button (no white screen). */
export function ChunkErrorView({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const chunk = error instanceof ChunkLoadError ? error.chunk : '?';
  return (
    <div role="alert" data-chunk-error={chunk} style={{ padding: 24, display: 'flex', flexDirection: 'column', gap: 12, alignItems: 'center' }}>
      <div>
        <Trans>Could not load part of the application: {chunk}</Trans>
      </div>
      <Button appearance="primary" onClick={onRetry}>
        <Trans>Retry</Trans>
      </Button>
    </div>
  );
}

/**
 * A component loaded on first render from its own chunk (React.lazy), guarded by {@link loadChunk}: a
 * chunk that fails, times out (`timeoutMs`, 120 s, docs/product.md "Constants") or lacks its component shows
 * {@link ChunkErrorView} naming `chunk`, and Retry imports it again. A successful load is kept for every
 * later mount; a failed one is replaced on Retry.
 */
export function lazyChunk<P extends object>(
  chunk: string,
  importer: () => Promise<ComponentType<P> | null | undefined>,
  opts: { timeoutMs?: number; fallback?: ReactNode } = {},
): ComponentType<P> {
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => loadChunk(chunk, importer, opts.timeoutMs ?? CHUNK_TIMEOUT_MS).then((c) => ({ default: c })));
  let current = make();
  let generation = 0;

  function ChunkHost(props: P) {
    const [, setSeen] = useState(generation);
    const Current = current;
    return (
      <ErrorBoundary
        resetKey={Current}
        fallback={(error) => (
          <ChunkErrorView
            error={error}
            onRetry={() => {
              if (current === Current) {
                current = make();
                generation += 1;
              }
              setSeen(generation);
            }}
          />
        )}
      >
        <Suspense fallback={opts.fallback ?? <Spinner style={{ margin: 24 }} />}>
          <Current {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  ChunkHost.displayName = `Chunk(${chunk})`;
  return ChunkHost;
}
