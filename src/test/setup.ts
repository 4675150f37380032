import 'vitest-canvas-mock';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor resolve as soon as their condition holds; the limit only decides when to give up. The
// default 1 s gave up on a shared 2-core machine under a full `npm test` (a menu portal, a theme compile), so
// a wait fails only when the condition truly never holds.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these browser APIs; uPlot calls matchMedia at import time and Fluent/our board use ResizeObserver.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});
