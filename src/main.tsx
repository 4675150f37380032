import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { RootStore } from './stores';
import { activateLocale, initialLocale } from './i18n/i18n';
import './styles.css';

/** Start-up (docs/product.md "Shell and session"): fix the locale (UI and dates) first, then render; the app itself gates on login. */
async function start(): Promise<void> {
  await activateLocale(initialLocale());
  const root = new RootStore();
  const el = document.getElementById('root');
  if (!el) throw new Error('#root element missing from index.html');
  createRoot(el).render(
    <StrictMode>
      <App root={root} />
    </StrictMode>,
  );
}

void start();
