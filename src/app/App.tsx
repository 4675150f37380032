import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { RootStore } from '../stores';
import { AppProviders } from './providers';
import { SessionGate } from './SessionGate';
import { createAppRouter } from './routes';
import { ShellBanners } from './shell/ShellBanners';
import { SiteBoardGlobalBridge } from './shell/SiteBoardGlobalBridge';

/** The whole app: providers, the login gate (docs/product.md "Shell and session"), then the hash routes; offline and update notices. */
export function App({ root }: { root: RootStore }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders root={root}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
      <ShellBanners />
      <SiteBoardGlobalBridge />
    </AppProviders>
  );
}
