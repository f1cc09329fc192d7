import { useEffect } from 'react';
import { AnswersMenu } from './AnswersMenu';
import type { LessonProgress } from './answers';
import type { Lesson } from './lesson-format';
import type { SketchOverlay } from './sketch';
import { StepQuestions } from './StepQuestions';
import { useLesson, type LessonLab } from './use-lesson';
import { Worksheet } from './Worksheet';
import type { ViewPolicy } from '../scenario/view-policy';
import './lesson.css';

// The lesson beside the charts (in the stage's side column, never over a
// chart): step n of m, what to do, the prediction before the run, the run,
// the explanation and its feedback, back and next; the answers menu and the
// teacher's note under them.

export interface LessonPlayerProps {
  lesson: Lesson;
  lab: LessonLab;
  base: string;
  /** A teacher link may fix the lesson to one step. */
  fixedStep: number | null;
  /** Answers a hand-in link carried: they replace the stored ones. */
  handedIn: LessonProgress | null;
  onPolicy: (policy: ViewPolicy) => void;
  onSketch: (overlay: SketchOverlay | null) => void;
  onClose: () => void;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function LessonPlayer({ lesson, lab, base, fixedStep, handedIn, onPolicy, onSketch, onClose }: LessonPlayerProps) {
  const l = useLesson(lesson, lab, base, fixedStep, storage());
  const { step, stepIndex, progress } = l;
  useEffect(() => onPolicy(l.policy), [onPolicy, l.policy]);
  useEffect(() => onSketch(l.overlay), [onSketch, l.overlay]);
  useEffect(() => {
    if (handedIn) l.setProgress(() => handedIn);
  }, [handedIn, l.setProgress]);
  if (!step) return null;
  const last = lesson.steps.length - 1;
  const headingId = `lesson-${lesson.id}-title`;
  return (
    <section className="lesson-player" aria-labelledby={headingId} data-testid="lesson-player">
      <div className="lesson-head">
        <h2 id={headingId}>{lesson.title}</h2>
        <button type="button" className="lesson-close" onClick={onClose} data-testid="lesson-close">
          Leave lesson
        </button>
      </div>
      <p className="lesson-meta">
        {lesson.level}, about {lesson.time_min} min
      </p>
      <h3 className="lesson-step" data-testid="lesson-step" tabIndex={-1}>
        Step {stepIndex + 1} of {lesson.steps.length}: {step.title}
      </h3>
      <p className="lesson-do">{step.do}</p>
      <StepQuestions step={step} answer={l.answer} phase={l.phase} setAnswer={l.setAnswer} run={() => void l.run()} />
      <p className="lesson-status" role="status" aria-live="polite" data-testid="lesson-status">
        {l.message}
      </p>
      {fixedStep === null && (
        <nav className="lesson-nav" aria-label="Lesson steps">
          <button type="button" onClick={() => l.goTo(stepIndex - 1)} disabled={stepIndex === 0} data-testid="lesson-back">
            Back
          </button>
          <button type="button" onClick={() => l.goTo(stepIndex + 1)} disabled={stepIndex === last} data-testid="lesson-next">
            Next
          </button>
        </nav>
      )}
      <AnswersMenu lesson={lesson} progress={progress} onLoad={(p) => l.setProgress(() => p)} />
      <details className="lesson-about">
        <summary>Goals, sources and the teacher's note</summary>
        <h4>Goals</h4>
        <ul>
          {lesson.goals.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
        <h4>Sources</h4>
        <ul>
          {lesson.sources.map((s) => (
            <li key={s.title}>{s.url ? <a href={s.url}>{s.title}</a> : s.title}</li>
          ))}
        </ul>
        <h4>Teacher's note</h4>
        <p>{lesson.teacher.goals}</p>
        <p>Time: {lesson.teacher.time}</p>
        <p>Common misconceptions:</p>
        <ul>
          {lesson.teacher.misconceptions.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </details>
      <Worksheet lesson={lesson} progress={progress} />
    </section>
  );
}
