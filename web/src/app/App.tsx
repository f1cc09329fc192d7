import { useLab } from './use-lab';
import { Workbench } from './Workbench';

export function App() {
  const lab = useLab();
  return (
    <main className="app">
      <header>
        <h1>AQM Lab</h1>
        <p>Up to six queue disciplines handle the same traffic, live, side by side. Add sides, pick a discipline for each, and move the sliders while it runs.</p>
      </header>
      {lab ? <Workbench lab={lab} /> : <p>Starting the simulation…</p>}
    </main>
  );
}
