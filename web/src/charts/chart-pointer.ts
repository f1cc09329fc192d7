import { chartMargin as margin } from './chart-types';
import type { ChartView } from './chart-view';

// Pointer and keyboard move the shared crosshair of a chart: a pointer over the
// plot sets it at its x; arrows step 1% (Shift 10%), Home/End jump, Escape
// hides; focus makes the readout a live region. Returns the cleanup.
export function listenForCrosshair(
  container: HTMLElement,
  readout: HTMLElement,
  view: ChartView,
  width: () => number,
): () => void {
  const fractionAt = (clientX: number): number | null => {
    const box = container.getBoundingClientRect();
    const plotW = Math.max(1, width() - margin.left - margin.right);
    const f = (clientX - box.left - margin.left) / plotW;
    return f < -0.02 || f > 1.02 ? null : f;
  };
  const move = (e: PointerEvent) => view.setHover(fractionAt(e.clientX));
  // A finger lifting "leaves" the chart before the tap focuses it: the
  // crosshair stays where the finger was (else focus would put it at the right edge).
  const leave = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    if (document.activeElement !== container) view.setHover(null);
  };
  const key = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 0.1 : 0.01;
    const at = view.hover ?? 1;
    const next =
      e.key === 'ArrowLeft' ? at - step
      : e.key === 'ArrowRight' ? at + step
      : e.key === 'Home' ? 0
      : e.key === 'End' ? 1
      : e.key === 'Escape' ? null
      : undefined;
    if (next === undefined) return;
    e.preventDefault();
    view.setHover(next);
  };
  const focus = () => {
    readout.setAttribute('aria-live', 'polite');
    if (view.hover === null) view.setHover(1);
  };
  const blur = () => {
    readout.removeAttribute('aria-live');
    view.setHover(null);
  };
  const stops = [
    listen(container, 'pointermove', move),
    listen(container, 'pointerdown', move),
    listen(container, 'pointerleave', leave),
    listen(container, 'keydown', key),
    listen(container, 'focus', focus),
    listen(container, 'blur', blur),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** Adds the listener; the returned function removes it. */
function listen<K extends keyof HTMLElementEventMap>(
  target: HTMLElement,
  type: K,
  listener: (e: HTMLElementEventMap[K]) => void,
): () => void {
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}
