import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import type { Speed } from '../protocol/protocol';
import type { Lab } from './lab';
import type { SideStatus } from './side-session';
import { throttleLatest } from './throttle-latest';

const speeds: { label: string; value: Speed }[] = [
  { label: '1×', value: 1 },
  { label: '10×', value: 10 },
  { label: '30×', value: 30 },
  { label: '100×', value: 100 },
  { label: 'as fast as possible', value: 'max' },
];

const sliderIntervalMs = 100;

interface ControlsProps {
  lab: Lab;
  statuses: readonly SideStatus[];
}

export function Controls({ lab, statuses }: ControlsProps) {
  const anyPlaying = statuses.some((s) => s.playing);
  const nothingToPlay = statuses.every((s) => s.failed || s.done || s.playing);
  return (
    <div className="controls" role="group" aria-label="Run controls">
      <div className="buttons">
        <button type="button" data-testid="play" onClick={() => lab.play()} disabled={nothingToPlay}>
          Play
        </button>
        <button type="button" data-testid="pause" onClick={() => lab.pause()} disabled={!anyPlaying}>
          Pause
        </button>
        <button type="button" data-testid="reset" onClick={() => lab.reset()}>
          Reset
        </button>
        <SpeedSelect lab={lab} />
      </div>
      <LiveSliders lab={lab} statuses={statuses} />
    </div>
  );
}

function SpeedSelect({ lab }: { lab: Lab }) {
  const [speed, setSpeed] = useState(String(lab.currentSpeed));
  const change = (e: ChangeEvent<HTMLSelectElement>) => {
    const chosen = speeds.find((s) => String(s.value) === e.target.value);
    if (!chosen) return;
    setSpeed(e.target.value);
    lab.setSpeed(chosen.value);
  };
  return (
    <label className="speed">
      Speed
      <select value={speed} onChange={change} data-testid="speed">
        {speeds.map((s) => (
          <option key={String(s.value)} value={String(s.value)}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function LiveSliders({ lab, statuses }: ControlsProps) {
  const scenarioFlows = statuses[0]?.info?.flows ?? null;
  const redParams = statuses.find((s) => s.info?.aqm === 'red')?.info?.params;
  const scenarioMaxP = redParams?.max_p ?? null;
  const [flows, setFlows] = useState(scenarioFlows ?? 50);
  const [maxP, setMaxP] = useState(scenarioMaxP ?? 0.1);

  // A new run starts from the scenario's values, so the sliders go back to them.
  const runKey = statuses.map((s) => s.run).join(',');
  useEffect(() => {
    if (scenarioFlows !== null) setFlows(scenarioFlows);
    if (scenarioMaxP !== null) setMaxP(scenarioMaxP);
  }, [runKey]);

  const flowSender = useMemo(() => throttleLatest((n: number) => lab.setFlows(n), sliderIntervalMs), [lab]);
  const maxPSender = useMemo(() => throttleLatest((v: number) => lab.setParam('max_p', v), sliderIntervalMs), [lab]);
  useEffect(() => () => flowSender.cancel(), [flowSender]);
  useEffect(() => () => maxPSender.cancel(), [maxPSender]);

  return (
    <div className="sliders">
      <label>
        <span>
          TCP flows <output data-testid="flows-value">{flows}</output>
        </span>
        <input
          type="range"
          min={1}
          max={300}
          step={1}
          value={flows}
          data-testid="flows-slider"
          aria-label="TCP flows"
          onChange={(e) => {
            const n = Number(e.target.value);
            setFlows(n);
            flowSender.push(n);
          }}
        />
      </label>
      <label>
        <span>
          RED max_p <output data-testid="maxp-value">{maxP.toFixed(2)}</output>
        </span>
        <input
          type="range"
          min={0.01}
          max={1}
          step={0.01}
          value={maxP}
          data-testid="maxp-slider"
          aria-label="RED max_p"
          disabled={scenarioMaxP === null}
          onChange={(e) => {
            const v = Number(e.target.value);
            setMaxP(v);
            maxPSender.push(v);
          }}
        />
      </label>
    </div>
  );
}
