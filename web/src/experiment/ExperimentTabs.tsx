import { useState, type ReactNode } from 'react';
import { ExperimentView, type ExperimentViewProps } from './ExperimentView';
import './experiment.css';

// The page's two views: the live lab and the experiment. The lab stays
// mounted (and running) while the experiment shows; the experiment view
// mounts the first time it is opened (its worker and the core's catalogue are
// not loaded for a page that never uses it) and stays, with its results.
// A link with an experiment opens it; opening a run goes to the lab.

export type ExperimentTabsProps = ExperimentViewProps & { live: ReactNode };

type View = 'lab' | 'experiment';

export function ExperimentTabs({ live, fromLink, openRun, ...rest }: ExperimentTabsProps) {
  const [chosen, setChosen] = useState<View>('lab');
  const [seenLink, setSeenLink] = useState<number | null>(null);
  // A new link's experiment shows the experiment view (once per link, so the tabs still switch).
  if (fromLink !== null && fromLink.n !== seenLink) {
    setSeenLink(fromLink.n);
    setChosen('experiment');
  }
  const [opened, setOpened] = useState(false);
  if (chosen === 'experiment' && !opened) setOpened(true);
  const tab = (view: View, label: string) => (
    <button type="button" role="tab" id={`tab-${view}`} aria-selected={chosen === view} aria-controls={`panel-${view}`} data-testid={`tab-${view}`} onClick={() => setChosen(view)}>
      {label}
    </button>
  );
  return (
    <>
      <div className="view-tabs" role="tablist" aria-label="Views">
        {tab('lab', 'Live lab')}
        {tab('experiment', 'Experiment')}
      </div>
      <div role="tabpanel" id="panel-lab" aria-labelledby="tab-lab" hidden={chosen !== 'lab'}>
        {live}
      </div>
      <div role="tabpanel" id="panel-experiment" aria-labelledby="tab-experiment" hidden={chosen !== 'experiment'}>
        {opened && (
          <ExperimentView
            {...rest}
            fromLink={fromLink}
            openRun={async (json, label) => {
              const refused = await openRun(json, label);
              if (refused === null) setChosen('lab');
              return refused;
            }}
          />
        )}
      </div>
    </>
  );
}
