import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initTheme } from './lib/theme';
// In this order: each file comes after the rules it builds on (screens.css overrides last).
import './styles.css';
import './panels.css';
import './summary.css';
import './charts.css';
import './screens.css';

initTheme(); // before the first paint, so the page never flashes the other theme
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
