import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { Speed } from '../protocol/protocol';
import type { Lab } from '../lab/lab';
import { LabClock } from './LabClock';
import type { SideStatus } from '../lab/side-session';
import { Part, usePolicy } from '../lesson/Part';
import { controlState } from '../scenario/view-policy';
import { useSpaceKey } from './use-space-key';
import { ProblemAlert } from '../lib/ProblemList';
import './lab-controls.css';

const speeds: { label: string; value: Speed }[] = [
  { label: '1× (real time)', value: 1 },
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
  const allStopped = statuses.every((s) => s.failed || s.done);
  const toggle = () => {
    if (anyPlaying) lab.pause();
    else if (!nothingToPlay) lab.play();
  };
  // Space is the Play/Pause button's key: a lesson or a teacher link that hides or locks the button silences it too.
  const playLocked = controlState(usePolicy(), 'play-pause') !== 'shown';
  useSpaceKey(playLocked ? () => undefined : toggle);
  return (
    <div className="controls" role="group" aria-label="Run controls">
      <div className="buttons">
        {/* One toggle, so the focus stays on it from Play to Pause and back. */}
        <Part id="play-pause">
        <button
          type="button"
          data-testid="play-pause"
          className="play-pause"
          onClick={toggle}
          aria-keyshortcuts="Space"
          title="Space plays and pauses from anywhere on the page but a field"
          disabled={!anyPlaying && nothingToPlay}
        >
          {anyPlaying ? 'Pause' : 'Play'}
        </button>
        </Part>
        <Part id="step">
        <button
          type="button"
          data-testid="step"
          onClick={() => void lab.step()}
          disabled={allStopped}
          title="Advance every side by one sample interval, then pause"
        >
          Step
        </button>
        </Part>
        <Part id="reset">
        <button type="button" data-testid="reset" onClick={() => lab.reset()}>
          Reset
        </button>
        </Part>
        <Part id="speed">
          {/* Remade at each restart: a link that set the speed shows it. */}
          <SpeedSelect key={lab.generation} lab={lab} />
        </Part>
        <LabClock lab={lab} playing={anyPlaying} />
      </div>
      <Part id="run-to">
        <RunTo lab={lab} disabled={allStopped} />
      </Part>
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

/** Runs every side as fast as possible to a simulated time, then pauses them all there. */
function RunTo({ lab, disabled }: { lab: Lab; disabled: boolean }) {
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void lab.runUntil(Number(target)).then(setError);
  };
  return (
    <form className="run-to" onSubmit={submit} aria-label="Run to time">
      <label htmlFor="run-to-time">Run to</label>
      <input
        id="run-to-time"
        data-testid="run-to-time"
        type="number"
        min={0}
        step="any"
        value={target}
        placeholder="t"
        onChange={(e) => setTarget(e.target.value)}
        aria-describedby={error ? 'run-to-error' : undefined}
      />
      <span>s</span>
      <button type="submit" data-testid="run-to" disabled={disabled || target.trim() === ''}>
        Run &amp; pause
      </button>
      {error && <ProblemAlert id="run-to-error" testId="run-to-error" message={error} />}
    </form>
  );
}
