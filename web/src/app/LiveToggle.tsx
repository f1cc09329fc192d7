import { useEffect, useState, type ReactNode } from 'react';
import { ProblemAlert } from '../lib/ProblemList';

/**
 * A checkbox on the run: `now` is the run's value (the scenario's, then
 * every change that has acted), so the box follows the run; a click shows
 * at once and goes back, with the lab's message, if `act` refuses it.
 */
export function LiveToggle({ id, now, act, children }: { id: string; now: boolean; act: (next: boolean) => Promise<string | null>; children: ReactNode }) {
  const [on, setOn] = useState(now);
  useEffect(() => setOn(now), [now]);
  const [error, setError] = useState<string | null>(null);
  const change = (next: boolean) => {
    setOn(next);
    void act(next).then((refused) => {
      setError(refused);
      if (refused !== null) setOn(!next);
    });
  };
  return (
    <div className="live-field">
      <label className="live-toggle">
        <input type="checkbox" id={id} data-testid={id} checked={on} onChange={(e) => change(e.target.checked)} />
        {children}
      </label>
      {error && <ProblemAlert message={error} />}
    </div>
  );
}
