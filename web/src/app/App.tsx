import { useCallback, useEffect, useRef, useState } from 'react';
import type { LinkTeach } from '../scenario/link-teach';
import type { Layout, TimeRange } from '../charts/layout';
import { defaultLinkView, type LinkView } from '../scenario/link-view';
import type { TheoryState } from '../theory/theory-state';
import { openPanelIds, reopenPanels } from './open-panels';
import { sideName } from '../lab/side-session';
import type { SeriesSource } from '../scenario/series-csv';
import { linkBanner, loadInitialState, replaceFragment, watchLinks, type InitialState, type LinkBanner } from '../scenario/url-codec';
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
import { pageClipboard } from '../lib/action-outcome';
import { ProblemList, ProblemText } from '../lib/ProblemList';
import { UpdateNotice } from './UpdateNotice';
import { EmbedBar, isEmbed } from './embed';

// The page: the lab starts from the link in the address bar when there is a
// valid one (the core checks it like any scenario), otherwise from the default
// scenario with a banner saying why the link was not used. A link pasted into
// the open page replaces its lab, or (broken) leaves it running with the banner.
// A link keeps what its author saw (link-view.ts): speed, playing or paused,
// the charts' window and layout, the theory overlay, the open folds, the
// preset it came from and the author's note.

export function App({ updates }: { updates?: UpdateSignal }) {
  const lab = useLab();
  const [layout, setLayout] = useState<Layout>('overlay');
  const [timeRange, setTimeRange] = useState<TimeRange>('recent');
  const [banner, setBanner] = useState<LinkBanner | null>(null);
  // What the lab runs, for the preset menu: a label when it is not a preset, the preset it came
  // from (a link names it too), and n, which counts replacements.
  const [running, setRunning] = useState<{ label: string; n: number; preset: string | null }>({ label: 'Default lab', n: 0, preset: null });
  const runs = useCallback((label: string, preset: string | null = null) => setRunning((r) => ({ label, n: r.n + 1, preset })), []);
  // The note a link carried, shown to whoever opens it and kept in the next link made here.
  const [note, setNote] = useState('');
  const [linkNote, setLinkNote] = useState('');
  // The theory overlay lives in the Workbench's theory state; a link's choice waits for it.
  const theory = useRef<TheoryState | null>(null);
  const pendingOverlay = useRef<boolean | null>(null);
  const onTheory = useCallback((t: TheoryState | null) => {
    theory.current = t;
    if (t && pendingOverlay.current !== null) t.setOverlay(pendingOverlay.current);
    if (t) pendingOverlay.current = null;
  }, []);
  const stopReopening = useRef<() => void>(() => {});
  useEffect(() => () => stopReopening.current(), []);
  // The experiment a link carried (n counts links), for the experiment view.
  const [linkExperiment, setLinkExperiment] = useState<{ state: unknown; n: number } | null>(null);
  const views = useViews(linkExperiment);
  // A link's teacher settings go to lesson mode (set below, once lesson mode exists).
  const fromLinkRef = useRef<(teach: LinkTeach | undefined) => void>(() => undefined);

  const open = useCallback(
    async (target: Lab, initial: InitialState, firstRun: boolean) => {
      if (initial.kind === 'link') {
        const view = initial.state.view ?? defaultLinkView;
        target.setSpeed(view.speed);
        const refused = await target.load(JSON.stringify(initial.state.scenario), view.playing);
        if (refused === null) {
          runs('Scenario from a link', view.preset);
          fromLinkRef.current(initial.state.teach);
          setLayout(initial.state.layout);
          setTimeRange(view.range);
          setNote(view.note);
          setLinkNote(view.note);
          if (theory.current) theory.current.setOverlay(view.theory);
          else pendingOverlay.current = view.theory;
          stopReopening.current();
          stopReopening.current = reopenPanels(document.body, view.panels);
          const experiment = initial.state.experiment;
          if (experiment !== undefined) setLinkExperiment((e) => ({ state: experiment, n: (e?.n ?? 0) + 1 }));
          setBanner(null);
          return;
        }
        setBanner(linkBanner(refused, firstRun ? 'default' : 'unchanged'));
      } else if (initial.kind === 'error') {
        setBanner(linkBanner(initial.reason, firstRun ? 'default' : 'unchanged'));
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

  /** What the person sees now, for a link. */
  const linkView = useCallback(
    (): LinkView => ({
      speed: lab?.currentSpeed ?? defaultLinkView.speed,
      playing: lab?.playing ?? false,
      range: timeRange,
      theory: theory.current?.getSnapshot().overlay ?? false,
      panels: openPanelIds(document),
      preset: running.preset,
      note: note.trim(),
    }),
    [lab, timeRange, running.preset, note],
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
  const showWholeRun = useCallback(() => setTimeRange('whole'), []);
  const lessons = useLessonMode(lab, loadAndClear, import.meta.env.BASE_URL, showWholeRun);
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
        <p className="intro" data-testid="intro">
          A router&rsquo;s <dfn>queue discipline</dfn> picks which packets wait and which it drops; <dfn>Active Queue Management</dfn>{' '}
          (AQM) drops or marks early, before the buffer fills, to keep delays short. Each <dfn>side</dfn> runs one discipline on the
          same traffic. To start: drop-tail against RED &mdash; compare their queues and delays below.
        </p>
      </header>
      )}
      {linkNote !== '' && (
        <aside className="link-note" aria-labelledby="link-note-title" data-testid="link-note">
          <h2 id="link-note-title">Note from whoever made this link</h2>
          <p>{linkNote}</p>
          <button type="button" onClick={() => setLinkNote('')}>
            Hide note
          </button>
        </aside>
      )}
      {banner && (
        <div className="link-banner" role="alert" data-testid="link-banner">
          <div>
            <p>{banner.message}</p>
            <ProblemList problems={banner.problems} testId="link-banner-problems" />
          </div>
          <button type="button" onClick={() => setBanner(null)}>
            Dismiss
          </button>
        </div>
      )}
      {updates && <UpdateNotice updates={updates} />}
      {lessons.error && (
        <div className="link-banner" role="alert" data-testid="lesson-banner">
          <div>
            <ProblemText message={lessons.error} />
          </div>
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
                <PresetMenu
                  onLoad={async (json, id) => {
                    const refused = await loadAndClear(json);
                    if (refused === null) setRunning((r) => ({ ...r, preset: id }));
                    return refused;
                  }}
                  running={running}
                />
              </Part>
              <Part id="share">
              <ShareMenu
                view={linkView}
                note={note}
                onNoteChange={setNote}
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
              timeRange={timeRange}
              onTimeRangeChange={setTimeRange}
              onTheory={onTheory}
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
                writeClipboard: pageClipboard(),
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
