import type { Batch, RunFailure, RunReady, RunState, SideEvents } from '../../../web/src/protocol/protocol';

// What a side's run told the page, in order, for tests that drive a SimRunner
// directly: each event the runner called, tagged with its name.

export type Heard =
  | ({ type: 'ready' } & RunReady)
  | ({ type: 'state' } & RunState)
  | ({ type: 'batch' } & Batch)
  | ({ type: 'error' } & RunFailure);

export type HeardType = Heard['type'];

/** Events that record what they hear into `heard`. */
export function hearing(heard: Heard[] = []): { events: SideEvents; heard: Heard[] } {
  const events: SideEvents = {
    ready: (m) => void heard.push({ type: 'ready', ...m }),
    state: (m) => void heard.push({ type: 'state', ...m }),
    batch: (m) => void heard.push({ type: 'batch', ...m }),
    error: (m) => void heard.push({ type: 'error', ...m }),
  };
  return { events, heard };
}

/** The events of one kind, typed. */
export function ofType<T extends HeardType>(heard: readonly Heard[], type: T): Extract<Heard, { type: T }>[] {
  const matches = (m: Heard): m is Extract<Heard, { type: T }> => m.type === type;
  return heard.filter(matches);
}
