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
// Asked to update, the waiting worker is told to take over and the page
// reloads once it is active. The reload is ours, not only the plugin's: the
// plugin reloads when its worker starts controlling the page, and on a first
// visit no worker controls the page (and one found by the browser is not
// the plugin's), so its button would otherwise do nothing.
const updates = new UpdateSignal();
if ('serviceWorker' in navigator) {
  const update = registerSW({
    onNeedRefresh: () => updates.set({ waiting: true, apply: () => void reloadInto(() => update(false)) }),
    onOfflineReady: () => updates.set({ offlineReady: true }),
  });
}

async function reloadInto(skipWaiting: () => Promise<void>): Promise<void> {
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  waiting.addEventListener('statechange', () => waiting.state === 'activated' && window.location.reload());
  await skipWaiting();
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App updates={updates} />
  </StrictMode>,
);
