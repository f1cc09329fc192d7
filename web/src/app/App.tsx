import { ThemeToggle } from './ThemeToggle';
import { useLab } from './use-lab';
import { Workbench } from './Workbench';

export function App() {
  const lab = useLab();
  return (
    <main className="app">
      <header>
        <div className="header-row">
          <h1>AQM Lab</h1>
          <ThemeToggle />
        </div>
        <p>Two queue disciplines handle the same TCP traffic, live, side by side. Pick a discipline for each side and move the sliders while it runs.</p>
      </header>
      {lab ? <Workbench lab={lab} /> : <p>Starting the simulation…</p>}
    </main>
  );
}
