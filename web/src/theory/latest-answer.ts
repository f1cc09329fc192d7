// Asks for answers one at a time and keeps only the latest question's: a
// question asked while another is being answered waits, and one overtaken
// by a newer question before its turn is never asked. Figures that change
// every second then cost the theory worker one answer at a time, not a
// queue of answers nobody will see.

export class LatestAnswer<T> {
  private busy = false;
  private waiting: { key: string; compute: () => Promise<T> } | null = null;
  private wanted: string | null = null;
  private closed = false;

  /** `answer` hears each answer that is still the latest question's when it comes. */
  constructor(private readonly answer: (key: string, value: T) => void) {}

  /** The question `key` (null: none), answered by `compute`. */
  ask(key: string | null, compute: () => Promise<T>): void {
    this.wanted = key;
    if (key === null) {
      this.waiting = null;
      return;
    }
    if (this.busy) {
      this.waiting = { key, compute };
      return;
    }
    this.run(key, compute);
  }

  /** No more answers are heard or asked. */
  close(): void {
    this.closed = true;
    this.waiting = null;
  }

  private run(key: string, compute: () => Promise<T>): void {
    this.busy = true;
    const settle = (value: { ok: true; value: T } | { ok: false }) => {
      this.busy = false;
      if (this.closed) return;
      if (value.ok && key === this.wanted) this.answer(key, value.value);
      const next = this.waiting;
      this.waiting = null;
      if (next !== null) this.run(next.key, next.compute);
    };
    compute().then(
      (value) => settle({ ok: true, value }),
      () => settle({ ok: false }),
    );
  }
}
