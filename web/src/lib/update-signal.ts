// Whether a newer version of the page is waiting (the service worker has
// one): set where the worker is registered (main.tsx), read by the notice
// that offers the reload.

type Listener = () => void;

export interface UpdateState {
  /** A new version is installed and waits; `apply` reloads into it. */
  waiting: boolean;
  /** Every file is cached: the page now works without a network. */
  offlineReady: boolean;
  apply: () => void;
}

export class UpdateSignal {
  private state: UpdateState = { waiting: false, offlineReady: false, apply: () => undefined };
  private readonly listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): UpdateState => this.state;

  set(change: Partial<UpdateState>): void {
    this.state = { ...this.state, ...change };
    for (const l of this.listeners) l();
  }
}
