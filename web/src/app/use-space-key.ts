import { useEffect, useRef } from 'react';

// Space plays and pauses the lab, as in a media player, unless the focus is
// somewhere Space already means something: typing in a field, pressing a
// button, ticking a box, moving a slider, opening a menu.

const spaceOwners = [
  'input',
  'textarea',
  'select',
  'button',
  'a[href]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="slider"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="switch"]',
].join(',');

/** True when Space pressed with the focus on `target` is the lab's Play/Pause rather than the element's own. */
export function spaceIsPlayPause(target: EventTarget | null): boolean {
  return !(target instanceof Element && target.closest(spaceOwners) !== null);
}

/** Calls `toggle` when Space is pressed on the page outside a control that uses Space itself. */
export function useSpaceKey(toggle: () => void): void {
  const latest = useRef(toggle);
  latest.current = toggle;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== ' ' || e.repeat || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (!spaceIsPlayPause(e.target)) return;
      e.preventDefault(); // no page scroll
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
