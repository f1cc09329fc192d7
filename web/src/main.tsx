import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/App';
import { initTheme } from './lib/theme';
import { UpdateSignal } from './lib/update-signal';
// In this order: each file comes after the rules it builds on (screens.css overrides last).
import './styles.css';
import './panels.css';
import './summary.css';
import './charts.css';
import './screens.css';

initTheme(); // before the first paint, so the page never flashes the other theme

// The service worker (Workbox, vite.config.ts) keeps the lab working offline
// after the first visit; a newer version waits for the person's reload.
const updates = new UpdateSignal();
if ('serviceWorker' in navigator) {
  const update = registerSW({
    onNeedRefresh: () => updates.set({ waiting: true, apply: () => void update(true) }),
    onOfflineReady: () => updates.set({ offlineReady: true }),
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App updates={updates} />
  </StrictMode>,
);
