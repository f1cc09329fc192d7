import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import type { Speed } from '../protocol/protocol';
import type { Lab } from './lab';
import type { SideStatus } from './side-session';
import { sliderIntervalMs, throttleLatest } from './throttle-latest';

const speeds: { label: string; value: Speed }[] = [
  { label: '1×', value: 1 },
  { label: '10×', value: 10 },
  { label: '30×', value: 30 },
  { label: '100×', value: 100 },
  { label: 'as fast as possible', value: 'max' },
];

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
      <FlowsSlider lab={lab} statuses={statuses} />
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

/** Traffic is the same on every side, so the flow count is one control for all. */
function FlowsSlider({ lab, statuses }: ControlsProps) {
  const scenarioFlows = statuses[0]?.info?.flows ?? null;
  const [flows, setFlows] = useState(scenarioFlows ?? 50);

  // A new run starts from the scenario's values, so the slider goes back to them.
  const runKey = statuses.map((s) => s.run).join(',');
  useEffect(() => {
    if (scenarioFlows !== null) setFlows(scenarioFlows);
  }, [runKey]);

  const flowSender = useMemo(() => throttleLatest((n: number) => lab.setFlows(n), sliderIntervalMs), [lab]);
  useEffect(() => () => flowSender.cancel(), [flowSender]);

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
    </div>
  );
}
