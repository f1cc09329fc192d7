import { useCallback, useEffect, useRef, useState } from 'react';
import type { LinkTeach } from '../scenario/link-teach';
import type { Layout } from '../charts/layout';
import { sideName } from '../lab/side-session';
import type { SeriesSource } from '../scenario/series-csv';
import { linkBannerMessage, loadInitialState, replaceFragment, watchLinks, type InitialState } from '../scenario/url-codec';
import { ExperimentPanel, panelProps, useViews, ViewTabs } from '../experiment/ExperimentTabs';
import { copyLink } from './share-actions';
import type { Lab } from '../lab/lab';
import { PresetMenu } from './PresetMenu';
import { ShareMenu } from './ShareMenu';
import { ThemeToggle } from './ThemeToggle';
import { useLab } from './use-lab';
import { Workbench } from './Workbench';
import { lessonRequest, TeacherLinkMenu, useLessonMode } from './lesson-mode';
import { LockedNote, Part, PolicyProvider } from '../lesson/Part';
import type { UpdateSignal } from '../lib/update-signal';
import { UpdateNotice } from './UpdateNotice';
import { EmbedBar, isEmbed } from './embed';

// The page: the lab starts from the link in the address bar when there is a
// valid one (the core checks it like any scenario), otherwise from the default
// scenario with a banner saying why the link was not used. A link pasted into
// the open page replaces its lab, or (broken) leaves it running with the banner.

export function App({ updates }: { updates?: UpdateSignal }) {
  const lab = useLab();
  const [layout, setLayout] = useState<Layout>('overlay');
  const [banner, setBanner] = useState<string | null>(null);
  // What the lab runs when it is not a preset, for the preset menu; n counts replacements.
  const [running, setRunning] = useState({ label: 'Default lab', n: 0 });
  const runs = useCallback((label: string) => setRunning((r) => ({ label, n: r.n + 1 })), []);
  // The experiment a link carried (n counts links), for the experiment view.
  const [linkExperiment, setLinkExperiment] = useState<{ state: unknown; n: number } | null>(null);
  const views = useViews(linkExperiment);
  // A link's teacher settings go to lesson mode (set below, once lesson mode exists).
  const fromLinkRef = useRef<(teach: LinkTeach | undefined) => void>(() => undefined);

  const open = useCallback(
    async (target: Lab, initial: InitialState, firstRun: boolean) => {
      if (initial.kind === 'link') {
        const refused = await target.load(JSON.stringify(initial.state.scenario));
        if (refused === null) {
          runs('Scenario from a link');
          fromLinkRef.current(initial.state.teach);
          setLayout(initial.state.layout);
          const experiment = initial.state.experiment;
          if (experiment !== undefined) setLinkExperiment((e) => ({ state: experiment, n: (e?.n ?? 0) + 1 }));
          setBanner(null);
          return;
        }
        setBanner(linkBannerMessage(refused, firstRun ? 'default' : 'unchanged'));
      } else if (initial.kind === 'error') {
        setBanner(linkBannerMessage(initial.reason, firstRun ? 'default' : 'unchanged'));
      }
      // A lesson opens on its first step's state instead of the default lab.
      if (firstRun && lessonRequest(window.location.search) === null) target.start();
    },
    [runs],
  );

  useEffect(() => {
    if (!lab) return;
    let live = true;
    void loadInitialState(window.location.hash).then((initial) => {
      if (live) void open(lab, initial, true);
    });
    const unwatch = watchLinks((initial) => void open(lab, initial, false));
    return () => {
      live = false;
      unwatch();
    };
  }, [lab, open]);

  const getSeries = useCallback(
    (): readonly SeriesSource[] =>
      lab ? lab.sides.map((s, i) => ({ name: sideName(s.status, i), store: s.store })) : [],
    [lab],
  );

  // A preset or an imported file replaces the lab: a banner about an old link no longer applies.
  const loadAndClear = useCallback(
    async (json: string): Promise<string | null> => {
      if (!lab) return 'the lab is not ready';
      const refused = await lab.load(json);
      if (refused === null) setBanner(null);
      return refused;
    },
    [lab],
  );
  const lessons = useLessonMode(lab, loadAndClear, import.meta.env.BASE_URL);
  fromLinkRef.current = lessons.fromLink;

  const embed = isEmbed(window.location.search);

  return (
    <main className={embed ? 'app embed' : 'app'}>
      <PolicyProvider policy={lessons.policy}>
      {embed ? (
        <EmbedBar />
      ) : (
      <header>
        <div className="header-row">
          <h1>AQM Lab</h1>
          <ViewTabs views={views} />
          <div className="teach-menus">
            <Part id="lessons">{lessons.menu}</Part>
            {lab && (
              <Part id="share">
                <TeacherLinkMenu lab={lab} layout={layout} base={import.meta.env.BASE_URL} />
              </Part>
            )}
          </div>
          <ThemeToggle />
        </div>
        <p>Up to six queue disciplines handle the same traffic, live, side by side. Add sides, pick a discipline for each, and move the sliders while it runs.</p>
      </header>
      )}
      {banner && (
        <div className="link-banner" role="alert" data-testid="link-banner">
          <p>{banner}</p>
          <button type="button" onClick={() => setBanner(null)}>
            Dismiss
          </button>
        </div>
      )}
      {updates && <UpdateNotice updates={updates} />}
      {lessons.error && (
        <div className="link-banner" role="alert" data-testid="lesson-banner">
          <p>{lessons.error}</p>
          <button type="button" onClick={lessons.dismissError}>
            Dismiss
          </button>
        </div>
      )}
      {lab ? (
        <>
          <LockedNote />
          <div {...panelProps(views, 'lab')}>
            {!embed && (
            <div className="lab-bar">
              <Part id="presets">
                <PresetMenu onLoad={loadAndClear} running={running} />
              </Part>
              <Part id="share">
              <ShareMenu
                exportScenario={() => lab.exportScenario()}
                loadScenario={async (json) => {
                  const refused = await loadAndClear(json);
                  if (refused === null) runs('Imported file');
                  return refused;
                }}
                layout={layout}
                getSeries={getSeries}
              />
              </Part>
            </div>
            )}
            <Workbench
              lab={lab}
              layout={layout}
              onLayoutChange={setLayout}
              eventMarks={() => lab.eventMarks()}
              lessonPanel={lessons.player}
              moreSeries={lessons.overlaySeries}
            />
          </div>
          <ExperimentPanel
            views={views}
            labScenario={() => lab.exportScenario()}
            openRun={async (json, label) => {
              const refused = await loadAndClear(json);
              if (refused === null) {
                runs(`Experiment run: ${label}`);
                replaceFragment('');
              }
              return refused;
            }}
            copyLink={(experiment) =>
              copyLink({
                exportScenario: () => lab.exportScenario(),
                layout,
                href: window.location.href,
                setFragment: replaceFragment,
                writeClipboard: navigator.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined,
                experiment,
              })
            }
            fromLink={linkExperiment}
          />
        </>
      ) : (
        <p>Starting the simulation…</p>
      )}
      </PolicyProvider>
    </main>
  );
}
