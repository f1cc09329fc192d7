import { isRecord } from '../lib/json';
import { deflateRaw, fromBase64Url, inflateRawLimited, toBase64Url } from '../scenario/url-codec';
import type { Lesson } from './lesson-format';

// A student's work on a lesson: the step reached and, per step, the
// prediction (a choice's index, a number, or a sketch's values), whether the
// run was seen, and the explanation. Kept in the browser (localStorage) as
// the student goes, exported as a file or a link to hand in, and read back
// from either: everything read is checked, never trusted.

export type PredictionAnswer = { choice: number } | { number: number } | { sketch: number[] };

export interface StepAnswer {
  prediction?: PredictionAnswer;
  ran?: boolean;
  explanation?: string;
}

export interface LessonProgress {
  lesson: string;
  step: number;
  answers: Record<number, StepAnswer>;
}

export const answersFileVersion = 1;
const maxText = 5000;
const maxAnswersBytes = 256 * 1024;

export function emptyProgress(lesson: string): LessonProgress {
  return { lesson, step: 0, answers: {} };
}

function readPrediction(value: unknown): PredictionAnswer | undefined {
  if (!isRecord(value)) return undefined;
  if (typeof value.choice === 'number' && Number.isInteger(value.choice) && value.choice >= 0) return { choice: value.choice };
  if (typeof value.number === 'number' && Number.isFinite(value.number)) return { number: value.number };
  if (Array.isArray(value.sketch) && value.sketch.length <= 200 && value.sketch.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    return { sketch: value.sketch as number[] };
  }
  return undefined;
}

/** A student's answers read back (a file, a link, the browser's store), for `lesson`; a message when they are not. */
export function readProgress(value: unknown, lesson: Lesson): LessonProgress | string {
  if (!isRecord(value) || value.aqmlab_answers !== answersFileVersion) return 'this is not an AQM Lab answers file';
  if (value.lesson !== lesson.id) return `these answers are for the lesson "${String(value.lesson)}", not "${lesson.id}"`;
  const step = typeof value.step === 'number' && Number.isInteger(value.step) ? Math.min(Math.max(0, value.step), lesson.steps.length - 1) : 0;
  const answers: Record<number, StepAnswer> = {};
  if (Array.isArray(value.answers)) {
    value.answers.forEach((a: unknown, i) => {
      if (!isRecord(a) || i >= lesson.steps.length) return;
      const kept: StepAnswer = {};
      const prediction = readPrediction(a.prediction);
      if (prediction) kept.prediction = prediction;
      if (a.ran === true) kept.ran = true;
      if (typeof a.explanation === 'string') kept.explanation = a.explanation.slice(0, maxText);
      answers[i] = kept;
    });
  }
  return { lesson: lesson.id, step, answers };
}

/**
 * The answers as a file's JSON: the questions are written beside each answer
 * so a teacher can read the file without the lab.
 */
export function writeProgress(progress: LessonProgress, lesson: Lesson, savedAt: Date): string {
  const answers = lesson.steps.map((step, i) => ({
    step: step.title,
    prediction_question: step.predict?.question,
    prediction: progress.answers[i]?.prediction,
    ran: progress.answers[i]?.ran,
    explanation_question: step.explain?.question,
    explanation: progress.answers[i]?.explanation,
  }));
  const file = { aqmlab_answers: answersFileVersion, lesson: lesson.id, title: lesson.title, saved_at: savedAt.toISOString(), step: progress.step, answers };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export function storageKey(lessonId: string): string {
  return `aqmlab:lesson:${lessonId}`;
}

/** What the browser kept for this lesson, or a fresh start (a store that fails or holds junk is ignored). */
export function loadStored(storage: Pick<Storage, 'getItem'> | null, lesson: Lesson): LessonProgress {
  try {
    const text = storage?.getItem(storageKey(lesson.id));
    if (!text) return emptyProgress(lesson.id);
    const read = readProgress(JSON.parse(text), lesson);
    return typeof read === 'string' ? emptyProgress(lesson.id) : read;
  } catch {
    return emptyProgress(lesson.id);
  }
}

export function saveStored(storage: Pick<Storage, 'setItem'> | null, progress: LessonProgress, lesson: Lesson): void {
  try {
    storage?.setItem(storageKey(lesson.id), writeProgress(progress, lesson, new Date()));
  } catch {
    // A full or forbidden store (private mode): the lesson goes on, unsaved.
  }
}

/** The `answers` value of a hand-in link: the file's JSON, deflated, base64url. */
export async function answersParam(progress: LessonProgress, lesson: Lesson, savedAt: Date): Promise<string> {
  return toBase64Url(await deflateRaw(new TextEncoder().encode(writeProgress(progress, lesson, savedAt))));
}

export async function readAnswersParam(param: string, lesson: Lesson): Promise<LessonProgress | string> {
  const bytes = fromBase64Url(param);
  if (typeof bytes === 'string') return `the answers link is damaged: ${bytes}`;
  const inflated = await inflateRawLimited(bytes, maxAnswersBytes).catch(() => 'the compressed data is damaged');
  if (typeof inflated === 'string') return `the answers link is damaged: ${inflated}`;
  try {
    return readProgress(JSON.parse(new TextDecoder().decode(inflated)), lesson);
  } catch {
    return 'the answers link is damaged: not JSON';
  }
}
