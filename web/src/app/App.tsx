import { useLab } from './use-lab';
import { Workbench } from './Workbench';

export function App() {
  const lab = useLab();
  return (
    <main className="app">
      <header>
        <h1>AQM Lab</h1>
        <p>Drop-tail and RED handle the same TCP traffic, live, side by side. Move the sliders while it runs.</p>
      </header>
      {lab ? <Workbench lab={lab} /> : <p>Starting the simulation…</p>}
    </main>
  );
}
