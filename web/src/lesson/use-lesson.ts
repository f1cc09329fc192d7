import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadStored, saveStored, type LessonProgress, type StepAnswer } from './answers';
import type { Lesson, LessonStep } from './lesson-format';
import { stepScenario } from './lesson-state';
import { sketchOverlay, type SketchOverlay } from './sketch';
import { mergePolicies, type ViewPolicy } from '../scenario/view-policy';
import { defaultLabOptions } from '../lab/lab';

// The lesson as the student goes: the step, the answers (kept in the
// browser at each change), the step's state loaded into the lab, the run.

/** What the lesson needs of the lab. */
export interface LessonLab {
  /** Loads a scenario paused at t = 0; the core's refusal, or null. */
  load(scenarioJson: string): Promise<string | null>;
  /** Runs to a simulated time and pauses there; a refusal, or null. */
  runUntil(untilS: number): Promise<string | null>;
  /** Sets the charts' window to the whole run. */
  showWholeRun(): void;
}

/**
 * A step's run, with the charts on the whole run when it is longer than their
 * recent window: the feedback speaks of the whole run, and the sketch spans it.
 */
function runStep(lab: LessonLab, untilS: number): Promise<string | null> {
  if (untilS > defaultLabOptions.windowS) lab.showWholeRun();
  return lab.runUntil(untilS);
}

export type StepPhase = 'loading' | 'failed' | 'predict' | 'running' | 'explain';

/** The run stays locked until the prediction is in (predict, then observe). */
const runControls = ['play-pause', 'step', 'run-to', 'reset'];

export function stepPolicy(step: LessonStep, answer: StepAnswer | undefined): ViewPolicy {
  const waiting = step.run !== undefined && answer?.ran !== true;
  return waiting ? mergePolicies(step.view, { hide: [], lock: runControls, hideCharts: [] }) : step.view;
}

export function useLesson(lesson: Lesson, lab: LessonLab, base: string, fixedStep: number | null, storage: Storage | null) {
  const [progress, setProgress] = useState<LessonProgress>(() => {
    const stored = loadStored(storage, lesson);
    return fixedStep === null ? stored : { ...stored, step: fixedStep };
  });
  const [phase, setPhase] = useState<StepPhase>('loading');
  const [message, setMessage] = useState('');
  const stepIndex = progress.step;
  const step = lesson.steps[stepIndex] ?? lesson.steps[0];
  const answer = progress.answers[stepIndex];
  const loads = useRef(0);

  useEffect(() => saveStored(storage, progress, lesson), [storage, progress, lesson]);

  const update = useCallback((change: (p: LessonProgress) => LessonProgress) => setProgress(change), []);
  const setAnswer = useCallback(
    (change: Partial<StepAnswer>) => update((p) => ({ ...p, answers: { ...p.answers, [p.step]: { ...p.answers[p.step], ...change } } })),
    [update],
  );

  // Each step opens on its own state; a step whose run was seen runs to the same time again.
  const ranBefore = answer?.ran === true;
  useEffect(() => {
    if (!step) return;
    const n = ++loads.current;
    setPhase('loading');
    setMessage(`Loading step ${stepIndex + 1}…`);
    void (async () => {
      try {
        const refused = await lab.load(await stepScenario(step.state, base));
        if (n !== loads.current) return;
        if (refused !== null) throw new Error(refused);
        if (ranBefore && step.run) {
          setPhase('running');
          await runStep(lab, step.run.until_s);
          if (n !== loads.current) return;
        }
        setPhase(ranBefore || !step.run ? 'explain' : 'predict');
        setMessage(`Step ${stepIndex + 1} is ready.`);
      } catch (e) {
        if (n !== loads.current) return;
        setPhase('failed');
        setMessage(`This step could not be opened: ${e instanceof Error ? e.message : String(e)}`);
      }
    })();
    // ranBefore is read when the step opens only: the run that sets it is this step's own.
  }, [lab, base, step, stepIndex]);

  const run = useCallback(async () => {
    if (!step?.run) return;
    setPhase('running');
    setMessage(`Running to ${step.run.until_s} s…`);
    const refused = await runStep(lab, step.run.until_s);
    if (refused !== null) {
      setPhase('predict');
      setMessage(`The run did not start: ${refused}`);
      return;
    }
    setAnswer({ ran: true });
    setPhase('explain');
    setMessage(`The run reached ${step.run.until_s} s and paused.`);
  }, [lab, step, setAnswer]);

  const goTo = useCallback((i: number) => update((p) => ({ ...p, step: Math.min(Math.max(0, i), lesson.steps.length - 1) })), [update, lesson]);

  const policy = useMemo(() => (step ? stepPolicy(step, answer) : mergePolicies()), [step, answer]);
  const sketch = answer?.prediction;
  const overlay: SketchOverlay | null = useMemo(
    () => (step?.predict?.kind === 'sketch' && step.run && sketch && 'sketch' in sketch ? sketchOverlay(step.predict.chart, sketch.sketch, step.run.until_s) : null),
    [step, sketch],
  );
  return { progress, setProgress: update, step, stepIndex, answer, setAnswer, phase, message, run, goTo, policy, overlay };
}
