import { createPortal } from 'react-dom';
import type { LessonProgress, PredictionAnswer } from './answers';
import type { Lesson, Prediction } from './lesson-format';

// The lesson as a printed handout (shown only by the print stylesheet): every
// step's task and questions with room to answer, and the student's answers
// where there are some. A sketch prints as its values at the step's times.

function shownPrediction(prediction: Prediction, answer: PredictionAnswer | undefined): string | null {
  if (!answer) return null;
  if ('choice' in answer) return prediction.kind === 'choice' ? (prediction.choices[answer.choice] ?? null) : null;
  if ('number' in answer) return `${answer.number}${prediction.kind === 'number' && prediction.unit ? ` ${prediction.unit}` : ''}`;
  return `sketched: ${answer.sketch.map((v) => Number(v.toPrecision(3))).join(', ')}`;
}

export function Worksheet({ lesson, progress }: { lesson: Lesson; progress: LessonProgress }) {
  return createPortal(
    <div className="worksheet" data-testid="worksheet">
      <h1>{lesson.title}</h1>
      <p>
        Name: <span className="worksheet-line" /> Date: <span className="worksheet-line" />
      </p>
      <ul>
        {lesson.goals.map((g) => (
          <li key={g}>{g}</li>
        ))}
      </ul>
      {lesson.steps.map((step, i) => {
        const answer = progress.answers[i];
        const predicted = step.predict ? shownPrediction(step.predict, answer?.prediction) : null;
        return (
          <section key={step.title} className="worksheet-step">
            <h2>
              Step {i + 1}: {step.title}
            </h2>
            <p>{step.do}</p>
            {step.predict && (
              <>
                <p className="worksheet-q">Before the run, predict: {step.predict.question}</p>
                {step.predict.kind === 'choice' && (
                  <ul className="worksheet-choices">
                    {step.predict.choices.map((c) => (
                      <li key={c}>☐ {c}</li>
                    ))}
                  </ul>
                )}
                {step.predict.kind === 'sketch' && <p className="worksheet-note">Sketch the {step.predict.chart} chart from 0 to {step.run?.until_s} s:</p>}
                {predicted ? <p className="worksheet-filled">{predicted}</p> : <div className={step.predict.kind === 'sketch' ? 'worksheet-box' : 'worksheet-space'} />}
              </>
            )}
            {step.explain && (
              <>
                <p className="worksheet-q">After the run, explain: {step.explain.question}</p>
                {answer?.explanation ? <p className="worksheet-filled">{answer.explanation}</p> : <div className="worksheet-space tall" />}
              </>
            )}
          </section>
        );
      })}
      <p className="worksheet-sources">Sources: {lesson.sources.map((s) => s.title).join('; ')}</p>
    </div>,
    document.body,
  );
}
