import type { PoolProgress } from './sweep-pool';

// Progress of a running sweep: a bar, runs done (and failed), the time so
// far and an estimate of the time left at the pace so far, and Cancel.

const seconds = (ms: number) => (ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`);

export function progressText(p: PoolProgress): string {
  const failed = p.failed > 0 ? `, ${p.failed} failed` : '';
  const left = p.etaMs === null ? 'estimating the time left' : `about ${seconds(p.etaMs)} left`;
  return `${p.done + p.failed} of ${p.total} runs${failed} · ${seconds(p.elapsedMs)} · ${left} · ${p.workers} worker${p.workers === 1 ? '' : 's'}`;
}

export function SweepProgress({ progress, onCancel }: { progress: PoolProgress; onCancel: () => void }) {
  return (
    <div className="experiment-progress" data-testid="experiment-progress">
      <progress value={progress.done + progress.failed} max={Math.max(1, progress.total)} aria-label="Runs finished" />
      <span role="status" aria-live="polite" data-testid="experiment-progress-text">
        {progressText(progress)}
      </span>
      <div className="buttons">
        <button type="button" onClick={onCancel} data-testid="experiment-cancel">
          Cancel
        </button>
      </div>
    </div>
  );
}
