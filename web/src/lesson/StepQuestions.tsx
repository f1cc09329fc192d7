import { useId, useState, type FormEvent } from 'react';
import type { PredictionAnswer, StepAnswer } from './answers';
import type { LessonStep, Prediction } from './lesson-format';
import { sketchPoints } from './sketch';
import { SketchPad } from './SketchPad';
import type { StepPhase } from './use-lesson';
import { ProblemAlert } from '../lib/ProblemList';

// A step's questions: the prediction (before the run, then locked), the run
// button, the prediction's feedback once the run is seen, the explanation and
// its feedback once it is written.

interface StepQuestionsProps {
  step: LessonStep;
  answer: StepAnswer | undefined;
  phase: StepPhase;
  setAnswer: (change: Partial<StepAnswer>) => void;
  run: () => void;
}

export function StepQuestions({ step, answer, phase, setAnswer, run }: StepQuestionsProps) {
  const ran = answer?.ran === true;
  const predicted = answer?.prediction !== undefined;
  return (
    <>
      {step.predict && (
        <PredictionForm key={`predict-${step.title}`} prediction={step.predict} untilS={step.run?.until_s ?? 1} answer={answer?.prediction} locked={ran} onAnswer={(prediction) => setAnswer({ prediction })} />
      )}
      {step.run && (
        <button type="button" className="lesson-run" data-testid="lesson-run" onClick={run} disabled={phase !== 'predict' || (step.predict !== undefined && !predicted)}>
          {ran ? `Ran to ${step.run.until_s} s` : `Run to ${step.run.until_s} s`}
        </button>
      )}
      {step.run && step.predict && !predicted && !ran && <p className="lesson-hint">Make your prediction first: the run answers it.</p>}
      {step.predict && ran && (
        <div className="lesson-feedback" data-testid="prediction-feedback">
          <h4>What the run shows</h4>
          <p>{step.predict.feedback}</p>
        </div>
      )}
      {step.explain && (ran || !step.run) && <ExplainForm key={`explain-${step.title}`} question={step.explain.question} feedback={step.explain.feedback} answer={answer?.explanation} onAnswer={(explanation) => setAnswer({ explanation })} />}
    </>
  );
}

interface PredictionFormProps {
  prediction: Prediction;
  untilS: number;
  answer: PredictionAnswer | undefined;
  locked: boolean;
  onAnswer: (answer: PredictionAnswer) => void;
}

function PredictionForm({ prediction, untilS, answer, locked, onAnswer }: PredictionFormProps) {
  const id = useId();
  const [number, setNumber] = useState(answer && 'number' in answer ? String(answer.number) : '');
  const [error, setError] = useState<string | null>(null);
  const sketch = answer && 'sketch' in answer ? answer.sketch : null;
  const submitNumber = (e: FormEvent) => {
    e.preventDefault();
    if (prediction.kind !== 'number') return;
    const value = Number(number);
    if (number.trim() === '' || !Number.isFinite(value) || value < prediction.min || value > prediction.max) {
      setError(`Your prediction: a number from ${prediction.min} to ${prediction.max}${prediction.unit ? ` ${prediction.unit}` : ''}`);
      return;
    }
    setError(null);
    onAnswer({ number: value });
  };
  return (
    <fieldset className="lesson-question" disabled={locked} data-testid="prediction">
      <legend>Predict: {prediction.question}</legend>
      {prediction.kind === 'choice' &&
        prediction.choices.map((choice, i) => (
          <label key={choice} className="lesson-choice">
            <input type="radio" name={`${id}-choice`} checked={answer !== undefined && 'choice' in answer && answer.choice === i} onChange={() => onAnswer({ choice: i })} />
            {choice}
          </label>
        ))}
      {prediction.kind === 'number' && (
        <form onSubmit={submitNumber} className="lesson-number">
          <label htmlFor={`${id}-number`}>Your prediction{prediction.unit ? ` (${prediction.unit})` : ''}</label>
          <input id={`${id}-number`} type="number" value={number} min={prediction.min} max={prediction.max} step="any" onChange={(e) => setNumber(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} data-testid="prediction-number" />
          <button type="submit">Keep</button>
          {answer && 'number' in answer && <span className="lesson-kept">Kept: {answer.number}</span>}
          {error && <ProblemAlert id={`${id}-error`} message={error} />}
        </form>
      )}
      {prediction.kind === 'sketch' && (
        <>
          <SketchPad
            id={`${id}-sketch`}
            chart={prediction.chart}
            untilS={untilS}
            yMax={prediction.y_max}
            values={sketch ?? Array.from({ length: sketchPoints }, () => 0)}
            disabled={locked}
            onChange={(values) => onAnswer({ sketch: values })}
          />
          <p className="lesson-hint">Draw with the pointer, or focus the sketch and use the arrow keys. After the run your sketch stays on the {prediction.chart} chart, dashed, under the run.</p>
        </>
      )}
    </fieldset>
  );
}

function ExplainForm({ question, feedback, answer, onAnswer }: { question: string; feedback: string; answer: string | undefined; onAnswer: (text: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(answer ?? '');
  const [shown, setShown] = useState(answer !== undefined && answer.trim() !== '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim() === '') return;
    onAnswer(draft);
    setShown(true);
  };
  return (
    <form className="lesson-question" onSubmit={submit} data-testid="explain">
      <label htmlFor={`${id}-text`} className="lesson-legend">
        Explain: {question}
      </label>
      <textarea id={`${id}-text`} rows={4} value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="explain-text" />
      <div className="worksheet-answer" aria-hidden="true">
        {answer}
      </div>
      <button type="submit" disabled={draft.trim() === ''} data-testid="explain-submit">
        {shown ? 'Update my explanation' : 'Check my explanation'}
      </button>
      {shown && (
        <div className="lesson-feedback" data-testid="explain-feedback">
          <h4>Compare with</h4>
          <p>{feedback}</p>
        </div>
      )}
    </form>
  );
}
