// Whether an element is on screen, kept by an IntersectionObserver, so the
// paint loop draws only the charts a user can see: with six sides the page
// holds dozens of charts, most of them scrolled out of view at any moment.

export class OnScreen {
  // Until the first observation (and where IntersectionObserver is missing,
  // as under Vitest's DOM) the element counts as visible: drawn, never lost.
  private shown = true;
  private readonly observer: IntersectionObserver | null;

  /** `appeared` runs when the element comes into view, to draw what it missed. */
  constructor(element: Element, appeared: () => void) {
    if (typeof IntersectionObserver === 'undefined') {
      this.observer = null;
      return;
    }
    // A margin of half a screen: a chart is drawn just before it scrolls in.
    this.observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        const was = this.shown;
        this.shown = entry.isIntersecting;
        if (this.shown && !was) appeared();
      },
      { rootMargin: '50% 0px' },
    );
    this.observer.observe(element);
  }

  get visible(): boolean {
    return this.shown;
  }

  disconnect(): void {
    this.observer?.disconnect();
  }
}
