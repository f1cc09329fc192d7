import { lazy, Suspense, useCallback, useState } from 'react';
import type { ExperimentViewProps } from './ExperimentView';
import './experiment.css';

// The view's code (the form, the plots, the pool) loads when it is first
// opened: a page that never opens it does not download it.
const ExperimentView = lazy(() => import('./ExperimentView').then((m) => ({ default: m.ExperimentView })));

// The page's two views: the live lab and the experiment. The tabs sit in the
// page's header row (a projector keeps its height for the lab's charts). The
// lab stays mounted, and running, while the experiment shows; the experiment
// view mounts the first time it is opened (its worker and the core's
// catalogue are not loaded for a page that never uses it) and stays, with its
// results. A link with an experiment opens it; opening a run goes to the lab.

export type View = 'lab' | 'experiment';

export interface Views {
  view: View;
  show: (view: View) => void;
  /** The experiment view has been opened once (so it is mounted). */
  opened: boolean;
}

/** The chosen view; a new link with an experiment (`fromLink.n` changes) shows the experiment. */
export function useViews(fromLink: { n: number } | null): Views {
  const [view, setView] = useState<View>('lab');
  const [seenLink, setSeenLink] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  if (fromLink !== null && fromLink.n !== seenLink) {
    setSeenLink(fromLink.n);
    setView('experiment');
  }
  if (view === 'experiment' && !opened) setOpened(true);
  return { view, show: setView, opened };
}

export function ViewTabs({ views }: { views: Views }) {
  const tab = (view: View, label: string) => (
    <button type="button" role="tab" id={`tab-${view}`} aria-selected={views.view === view} aria-controls={`panel-${view}`} data-testid={`tab-${view}`} onClick={() => views.show(view)}>
      {label}
    </button>
  );
  return (
    <div className="view-tabs" role="tablist" aria-label="Views">
      {tab('lab', 'Live lab')}
      {tab('experiment', 'Experiment')}
    </div>
  );
}

/** The attributes of a view's panel. */
export function panelProps(views: Views, view: View) {
  return { role: 'tabpanel', id: `panel-${view}`, 'aria-labelledby': `tab-${view}`, hidden: views.view !== view } as const;
}

export function ExperimentPanel({ views, openRun, ...rest }: ExperimentViewProps & { views: Views }) {
  const { show } = views;
  const openAndShow = useCallback(
    async (json: string, label: string) => {
      const refused = await openRun(json, label);
      if (refused === null) show('lab');
      return refused;
    },
    [openRun, show],
  );
  return (
    <div {...panelProps(views, 'experiment')}>
      {views.opened && (
        <Suspense fallback={<p className="experiment-loading">Loading the experiment view…</p>}>
          <ExperimentView {...rest} openRun={openAndShow} />
        </Suspense>
      )}
    </div>
  );
}
