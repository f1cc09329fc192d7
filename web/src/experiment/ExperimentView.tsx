import type { ActionOutcome } from '../lib/action-outcome';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { messageOf } from '../lib/errors';
import { isRecord, parseJson, type Fields } from '../lib/json';
import { completeScenario } from '../scenario/scenario-json';
import { fetchPreset } from '../scenario/presets';
import { axisChoices, type AxisChoice } from './axis-choices';
import { ExperimentForm, type BaseChoice } from './ExperimentForm';
import { ExperimentPresetPicker } from './ExperimentPresetPicker';
import { loadExperimentPreset, type ExperimentPresetEntry } from './experiment-presets';
import { ExperimentResults } from './ExperimentResults';
import { defaultPlot, experimentFields, planSummary, startingAxis } from './experiment-defaults';
import { reportedMetrics } from './results';
import { emptyAxis, readExperimentState, sweepDocument, type ExperimentState } from './experiment-state';
import type { WorkerEnd } from '../lib/worker-rpc';
import { spawnSweepWorker } from './spawn-sweep-worker';
import { SweepProgress } from './SweepProgress';
import { ProblemAlert } from '../lib/ProblemList';
import { useExperimentRunner, useSettled } from './use-experiment';

// The experiment view: set up a sweep over one or two parameters and seeds,
// run it on a pool of workers beside the live lab, and read the figure. See
// web/README.md ("Experiments") for the decisions.

export interface ExperimentViewProps {
  /** The live lab's scenario with its live changes as events (Lab.exportScenario). */
  labScenario: () => Promise<string>;
  /** Loads a run in the live lab and shows it; resolves to the core's refusal or null. */
  openRun: (scenarioJson: string, label: string) => Promise<string | null>;
  /** Copies a link to the page carrying this experiment. */
  copyLink: (experiment: Fields) => Promise<ActionOutcome>;
  /** An experiment from a link (`n` counts links): shown, then run. */
  fromLink: { state: unknown; n: number } | null;
  spawn?: () => WorkerEnd;
}

const cores = () => Math.max(1, navigator.hardwareConcurrency || 2);
/**
 * A worker per core but one, left to the live lab and the page. Measured on
 * this 2-core machine (web/README.md, "Experiments"): two pool workers were
 * 1.6x faster in one run and 10% slower in another (the other helpers' jobs
 * held the cores), and the page saw more long tasks with two; one never
 * slowed the live lab. The Workers field takes every core when wanted.
 */
export const defaultWorkers = () => Math.max(1, cores() - 1);

const initialState: ExperimentState = { base: {}, baseLabel: 'Current lab', axes: [emptyAxis()], zip: false, seeds: 3, extra: {}, plot: { metric: '', x: '', y: '' } };

export function ExperimentView({ labScenario, openRun, copyLink, fromLink, spawn = spawnSweepWorker }: ExperimentViewProps) {
  const { runner, phase, catalogue } = useExperimentRunner(spawn);
  const [state, setState] = useState<ExperimentState>(initialState);
  const [baseChoice, setBaseChoice] = useState<BaseChoice>('lab');
  const [baseError, setBaseError] = useState<string | null>(null);
  const [workers, setWorkers] = useState(defaultWorkers);
  const [ran, setRan] = useState<{ state: ExperimentState; sweep: Fields } | null>(null);
  const [preview, setPreview] = useState<{ ok: true; text: string } | { ok: false; error: string } | null>(null);
  const autoRun = useRef<number | null>(null);

  const choices: AxisChoice[] = useMemo(() => {
    if (typeof catalogue !== 'object' || catalogue === null) return [];
    return axisChoices(completeScenario(state.base, catalogue.defaults), catalogue.aqms);
  }, [catalogue, state.base]);

  // The lab's scenario is read when asked for (App passes a new function at each render).
  const labScenarioNow = useRef(labScenario);
  labScenarioNow.current = labScenario;
  // Bases arrive asynchronously: only the last one asked for (a base or an experiment preset) is taken.
  const baseAsked = useRef(0);
  const chooseBase = useCallback(async (choice: 'lab' | `preset:${string}`, label: string) => {
    setBaseError(null);
    const asked = ++baseAsked.current;
    try {
      const text = choice === 'lab' ? await labScenarioNow.current() : await fetchPreset(import.meta.env.BASE_URL, choice.slice('preset:'.length));
      const base = parseJson(text);
      if (!isRecord(base)) throw new Error('not a scenario object');
      if (asked !== baseAsked.current) return;
      setBaseChoice(choice);
      // Another base is another experiment: no longer the preset the form was loaded from.
      setState((s) => ({ ...s, base, baseLabel: label, axes: s.axes.map((a) => (a.path === '' ? startingAxis(base) : a)), preset: undefined }));
    } catch (e) {
      setBaseError(`${label}: ${messageOf(e)}`);
    }
  }, []);

  // The live lab (as it is when the view opens) is the first base; a link's
  // experiment replaces the form and runs; one that cannot be read says why.
  useEffect(() => {
    if (fromLink === null) {
      void chooseBase('lab', 'Current lab');
      return;
    }
    const read = readExperimentState(fromLink.state);
    if (!read.ok) {
      void chooseBase('lab', 'Current lab').then(() => setBaseError(`The link's experiment could not be read (${read.error}).`));
      return;
    }
    baseAsked.current += 1; // a base still on its way is not taken over the link's
    setState(read.value);
    setBaseChoice('link');
    autoRun.current = fromLink.n;
  }, [chooseBase, fromLink]);

  const refreshLab = useCallback(() => void chooseBase('lab', 'Current lab'), [chooseBase]);
  // A paper's figure: its sweep file fills the form (the base, axes, seeds, metrics and windows) and the plot.
  const loadPreset = useCallback(async (entry: ExperimentPresetEntry) => {
    setBaseError(null);
    const asked = ++baseAsked.current;
    try {
      const loaded = await loadExperimentPreset(import.meta.env.BASE_URL, entry);
      if (asked !== baseAsked.current) return;
      setState(loaded.state);
      setBaseChoice(loaded.baseName === null ? 'experiment' : `preset:${loaded.baseName}`);
    } catch (e) {
      setBaseError(`${entry.title}: ${messageOf(e)}`);
    }
  }, []);
  const doc = useMemo(() => sweepDocument(state), [state]);
  const workersError = Number.isInteger(workers) && workers >= 1 && workers <= 4 * cores() ? null : `workers: must be a whole number in [1, ${4 * cores()}], got ${workers}`;
  const docText = doc.ok ? JSON.stringify(doc.value) : null;
  const settledText = useSettled(docText, 300);
  useEffect(() => {
    if (!doc.ok) {
      setPreview({ ok: false, error: doc.error });
      return;
    }
    if (settledText === null || settledText !== docText) {
      setPreview(null);
      return;
    }
    let live = true;
    void runner.brief(settledText).then((plan) => live && setPreview(plan.ok ? { ok: true, text: planSummary(plan.value) } : plan));
    return () => {
      live = false;
    };
  }, [doc, docText, settledText, runner]);

  const shownPreview = useMemo(() => (workersError ? { ok: false as const, error: workersError } : preview), [workersError, preview]);
  const running = phase.kind === 'running' || phase.kind === 'planning';
  const run = useCallback(() => {
    if (!doc.ok || workersError) return;
    setRan({ state, sweep: doc.value });
    void runner.run(JSON.stringify(doc.value), workers);
  }, [doc, runner, state, workers, workersError]);

  useEffect(() => {
    if (autoRun.current !== null && fromLink !== null && autoRun.current === fromLink.n && doc.ok) {
      autoRun.current = null;
      run();
    }
  }, [doc, fromLink, run]);

  const results = phase.kind === 'running' || phase.kind === 'finished' ? phase : null;
  // Stable props while a sweep runs, so a progress tick redraws the progress bar, not the figures.
  const rows = results?.rows;
  const plan = results?.plan;
  const metrics = useMemo(() => (plan && rows ? (rows.length > 0 ? reportedMetrics(rows) : plan.metrics) : null), [plan, rows]);
  const plot = useMemo(() => (metrics && ran ? defaultPlot(ran.state.plot, metrics) : null), [metrics, ran]);
  const setPlot = useCallback((p: ExperimentState['plot']) => {
    setState((s) => ({ ...s, plot: p }));
    setRan((r) => (r ? { ...r, state: { ...r.state, plot: p } } : r));
  }, []);
  const copyRanLink = useCallback(() => copyLink(experimentFields(ran && plot ? { ...ran.state, plot } : state)), [copyLink, ran, plot, state]);

  return (
    <section className="experiment" aria-labelledby="experiment-title" data-testid="experiment-view">
      <h2 id="experiment-title">Experiment</h2>
      <p className="chart-note">
        Sweep any scenario or discipline parameter over a range and several seeds; every point x seed runs every side to the end, on workers beside the live
        lab. The figures are the core&apos;s: the same as <code>aqmlab sweep</code> and <code>aqmlab report</code> on the same sweep file.
      </p>
      {typeof catalogue === 'string' && <ProblemAlert className="share-error" lead="The experiment view cannot run: " message={catalogue} />}
      {typeof catalogue === 'object' && catalogue?.missing && (
        <ProblemAlert
          className="share-error"
          testId="experiment-unavailable"
          message={`Experiments cannot run with this build of the core: ${catalogue.missing}. Nothing runs until the core is rebuilt with them.`}
        />
      )}
      {baseError && <ProblemAlert className="share-error" testId="experiment-base-error" message={baseError} />}
      <ExperimentPresetPicker loaded={state.preset} onLoad={loadPreset} disabled={running} />
      <ExperimentForm
        state={state}
        onChange={setState}
        baseChoice={baseChoice}
        onBaseChoice={chooseBase}
        onRefreshLab={refreshLab}
        choices={choices}
        workers={workers}
        onWorkers={setWorkers}
        maxWorkers={4 * cores()}
        preview={shownPreview}
        running={running}
        onRun={run}
      />
      {phase.kind === 'planning' && <p className="experiment-hint">Planning the sweep…</p>}
      {phase.kind === 'refused' && (
        <ProblemAlert className="share-error" testId="experiment-refused" message={phase.error} />
      )}
      {phase.kind === 'running' && <SweepProgress progress={phase.progress} onCancel={() => runner.cancel()} />}
      {phase.kind === 'finished' && (
        <p className="experiment-hint" role="status" data-testid="experiment-finished">
          {phase.cancelled ? 'Cancelled: ' : 'Finished: '}
          {phase.progress.done} of {phase.progress.total} runs in {(phase.progress.elapsedMs / 1000).toFixed(1)} s
          {phase.failed.length > 0 ? `, ${phase.failed.length} failed` : ''}.
          {phase.reportError ? ` The core could not report: ${phase.reportError}` : ''}
        </p>
      )}
      {results && ran && plot && (
        <ExperimentResults
          plan={results.plan}
          rows={results.rows}
          failed={results.failed}
          ran={ran.state}
          sweep={ran.sweep}
          jsonl={results.kind === 'finished' ? results.jsonl : null}
          progress={{ done: results.progress.done, complete: results.kind === 'finished' && results.progress.done === results.plan.count }}
          plot={plot}
          onPlotChange={setPlot}
          openRun={openRun}
          copyLink={copyRanLink}
        />
      )}
    </section>
  );
}
