// Which folds of the page are open, for a link to reopen them. A fold is a
// <details> with a data-testid (its stable name); the ones a link names are
// opened as they appear (some only render once the first run is ready).

const folds = 'details[data-testid]';

export function openPanelIds(root: ParentNode): string[] {
  return [...root.querySelectorAll<HTMLDetailsElement>(folds)].filter((d) => d.open).map((d) => d.dataset.testid ?? '').filter((id) => id !== '');
}

/** Opens the named folds now and as they appear, until all are open or `timeoutMs` passed; returns a stop function. */
export function reopenPanels(root: HTMLElement, ids: readonly string[], timeoutMs = 15_000): () => void {
  const waiting = new Set(ids);
  const open = () => {
    for (const d of root.querySelectorAll<HTMLDetailsElement>(folds)) {
      const id = d.dataset.testid ?? '';
      if (!waiting.has(id)) continue;
      d.open = true;
      waiting.delete(id);
    }
    if (waiting.size === 0) stop();
  };
  const observer = new MutationObserver(open);
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop(): void {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root, { childList: true, subtree: true });
  open();
  return stop;
}
