import { isRecord, type Fields } from '../lib/json';
import { presetIdPattern } from '../scenario/presets';
import { isChartPart, isControlPart, type ChartPart } from '../scenario/page-parts';
import { readPolicy, type ViewPolicy } from '../scenario/view-policy';

// A lesson is data: public/lessons/<id>.json, written by a teacher without
// touching code (docs/lessons.md is the format's reference). This module
// reads one, reporting every problem at once with the field's path, in the
// words of the doc. Whether each step's scenario runs and whether the
// parameters it names exist is the lesson checker's to say (with the core).

export const lessonLevels = ['introductory', 'intermediate', 'advanced'] as const;
export type LessonLevel = (typeof lessonLevels)[number];

export interface LessonSource {
  title: string;
  url?: string;
}

export interface TeacherNote {
  goals: string;
  time: string;
  misconceptions: string[];
}

/** Where a step starts: a preset (optionally changed by a JSON merge patch, RFC 7396), a lab link, or a scenario written out. */
export type StepState =
  | { preset: string; patch?: Fields }
  | { link: string }
  | { scenario: Fields };

export type Prediction =
  | { kind: 'choice'; question: string; choices: string[]; feedback: string }
  | { kind: 'number'; question: string; unit: string; min: number; max: number; feedback: string }
  | { kind: 'sketch'; question: string; chart: ChartPart & ('queue' | 'delay' | 'throughput'); y_max: number; feedback: string };

export interface Explanation {
  question: string;
  feedback: string;
}

export interface LessonStep {
  title: string;
  state: StepState;
  view: ViewPolicy;
  /** What to do, in a sentence or two. */
  do: string;
  predict?: Prediction;
  /** Runs to this simulated time (as fast as possible) and pauses there. */
  run?: { until_s: number };
  explain?: Explanation;
}

export interface Lesson {
  version: 1;
  id: string;
  title: string;
  level: LessonLevel;
  time_min: number;
  goals: string[];
  sources: LessonSource[];
  teacher: TeacherNote;
  steps: LessonStep[];
}

/** The charts a curve can be sketched on, and the run's column each compares with. */
export const sketchCharts = { queue: 'queue_pkts', delay: 'delay_ms', throughput: 'throughput_mbps' } as const;

/** Collects problems as it reads, so a teacher sees them all at once. */
export class Problems {
  readonly list: string[] = [];
  add(where: string, what: string): void {
    this.list.push(`${where}: ${what}`);
  }
  text(value: Fields, field: string, where: string): string {
    const v = value[field];
    if (typeof v === 'string' && v.trim() !== '') return v;
    this.add(`${where}.${field}`, 'must be a non-empty text');
    return '';
  }
  number(value: Fields, field: string, where: string, min: number, max: number): number {
    const v = value[field];
    if (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max) return v;
    this.add(`${where}.${field}`, `must be a number from ${min} to ${max}`);
    return min;
  }
  texts(value: Fields, field: string, where: string): string[] {
    const v = value[field];
    if (!Array.isArray(v) || v.length === 0 || !v.every((s) => typeof s === 'string' && s.trim() !== '')) {
      this.add(`${where}.${field}`, 'must be a list of one or more non-empty texts');
      return [];
    }
    return v as string[];
  }
  only(value: Fields, allowed: readonly string[], where: string): void {
    for (const key of Object.keys(value)) if (!allowed.includes(key)) this.add(where, `unknown field "${key}" (allowed: ${allowed.join(', ')})`);
  }
}

function readSources(value: unknown, p: Problems): LessonSource[] {
  if (!Array.isArray(value) || value.length === 0) {
    p.add('sources', 'must list at least one source ({"title": ..., "url": ...})');
    return [];
  }
  return value.map((s: unknown, i) => {
    const where = `sources[${i}]`;
    if (!isRecord(s)) {
      p.add(where, 'must be an object with a title and an optional url');
      return { title: '' };
    }
    p.only(s, ['title', 'url'], where);
    const title = p.text(s, 'title', where);
    if (s.url === undefined) return { title };
    if (typeof s.url !== 'string' || !/^https:\/\/\S+$/.test(s.url)) p.add(`${where}.url`, 'must be an https:// address');
    return { title, url: String(s.url) };
  });
}

function readTeacher(value: unknown, p: Problems): TeacherNote {
  if (!isRecord(value)) {
    p.add('teacher', "must be the teacher's note: {goals, time, misconceptions}");
    return { goals: '', time: '', misconceptions: [] };
  }
  p.only(value, ['goals', 'time', 'misconceptions'], 'teacher');
  return { goals: p.text(value, 'goals', 'teacher'), time: p.text(value, 'time', 'teacher'), misconceptions: p.texts(value, 'misconceptions', 'teacher') };
}

function readState(value: unknown, where: string, p: Problems): StepState {
  if (!isRecord(value)) {
    p.add(where, 'must be {"preset": id}, {"link": "v1...."} or {"scenario": {...}}');
    return { scenario: {} };
  }
  const kinds = ['preset', 'link', 'scenario'].filter((k) => value[k] !== undefined);
  if (kinds.length !== 1) {
    p.add(where, `must have exactly one of preset, link, scenario (has ${kinds.length === 0 ? 'none' : kinds.join(' and ')})`);
    return { scenario: {} };
  }
  if (value.preset !== undefined) {
    p.only(value, ['preset', 'patch'], where);
    if (typeof value.preset !== 'string' || !presetIdPattern.test(value.preset)) p.add(`${where}.preset`, "must be a preset's id (public/presets/index.json)");
    if (value.patch !== undefined && !isRecord(value.patch)) p.add(`${where}.patch`, 'must be an object (a JSON merge patch on the preset)');
    return isRecord(value.patch) ? { preset: String(value.preset), patch: value.patch } : { preset: String(value.preset) };
  }
  p.only(value, kinds, where);
  if (value.link !== undefined) {
    if (typeof value.link !== 'string' || !/^v\d+\./.test(value.link)) p.add(`${where}.link`, 'must be the text after "#" in a lab link (it starts with "v1.")');
    return { link: String(value.link) };
  }
  if (!isRecord(value.scenario)) p.add(`${where}.scenario`, 'must be a scenario object');
  return { scenario: isRecord(value.scenario) ? value.scenario : {} };
}

function readPrediction(value: unknown, where: string, p: Problems): Prediction | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    p.add(where, 'must be an object with a kind: "choice", "number" or "sketch"');
    return undefined;
  }
  const question = p.text(value, 'question', where);
  const feedback = p.text(value, 'feedback', where);
  if (value.kind === 'choice') {
    p.only(value, ['kind', 'question', 'choices', 'feedback'], where);
    const choices = p.texts(value, 'choices', where);
    if (choices.length === 1) p.add(`${where}.choices`, 'must offer at least two choices');
    return { kind: 'choice', question, choices, feedback };
  }
  if (value.kind === 'number') {
    p.only(value, ['kind', 'question', 'unit', 'min', 'max', 'feedback'], where);
    const unit = typeof value.unit === 'string' ? value.unit : (p.add(`${where}.unit`, 'must be a text (may be empty)'), '');
    const min = p.number(value, 'min', where, -1e12, 1e12);
    const max = p.number(value, 'max', where, -1e12, 1e12);
    if (max <= min) p.add(`${where}.max`, 'must be more than min');
    return { kind: 'number', question, unit, min, max, feedback };
  }
  if (value.kind === 'sketch') {
    p.only(value, ['kind', 'question', 'chart', 'y_max', 'feedback'], where);
    const chart = value.chart;
    if (chart !== 'queue' && chart !== 'delay' && chart !== 'throughput') {
      p.add(`${where}.chart`, `must be one of ${Object.keys(sketchCharts).join(', ')}`);
      return undefined;
    }
    return { kind: 'sketch', question, chart, y_max: p.number(value, 'y_max', where, 1e-9, 1e9), feedback };
  }
  p.add(`${where}.kind`, 'must be "choice", "number" or "sketch"');
  return undefined;
}

function readStep(value: unknown, i: number, p: Problems): LessonStep {
  const where = `steps[${i}]`;
  const fallback: LessonStep = { title: '', state: { scenario: {} }, view: readPolicy(undefined, where, p), do: '' };
  if (!isRecord(value)) {
    p.add(where, 'must be an object');
    return fallback;
  }
  p.only(value, ['title', 'state', 'view', 'do', 'predict', 'run', 'explain'], where);
  const step: LessonStep = {
    title: p.text(value, 'title', where),
    state: readState(value.state, `${where}.state`, p),
    view: readPolicy(value.view, `${where}.view`, p),
    do: p.text(value, 'do', where),
  };
  const predict = readPrediction(value.predict, `${where}.predict`, p);
  if (predict) step.predict = predict;
  if (value.run !== undefined) {
    if (isRecord(value.run)) {
      p.only(value.run, ['until_s'], `${where}.run`);
      step.run = { until_s: p.number(value.run, 'until_s', `${where}.run`, 0.01, 1e7) };
    } else p.add(`${where}.run`, 'must be {"until_s": seconds}');
  }
  if (step.predict && !step.run) p.add(`${where}.run`, 'a step that asks a prediction must run ({"until_s": seconds}) so the run can answer it');
  if (value.explain !== undefined) {
    if (isRecord(value.explain)) {
      p.only(value.explain, ['question', 'feedback'], `${where}.explain`);
      step.explain = { question: p.text(value.explain, 'question', `${where}.explain`), feedback: p.text(value.explain, 'feedback', `${where}.explain`) };
    } else p.add(`${where}.explain`, 'must be {"question": ..., "feedback": ...}');
  }
  return step;
}

/** The lesson, or every problem found (each "field: what is wrong"). */
export function readLesson(value: unknown): { ok: true; lesson: Lesson } | { ok: false; problems: string[] } {
  const p = new Problems();
  if (!isRecord(value)) return { ok: false, problems: ['lesson: must be a JSON object'] };
  p.only(value, ['version', 'id', 'title', 'level', 'time_min', 'goals', 'sources', 'teacher', 'steps'], 'lesson');
  if (value.version !== 1) p.add('version', 'must be 1');
  const id = p.text(value, 'id', 'lesson');
  if (id !== '' && !presetIdPattern.test(id)) p.add('lesson.id', "must be lower-case letters, digits and '-'");
  const level = value.level;
  if (!lessonLevels.includes(level as LessonLevel)) p.add('lesson.level', `must be one of ${lessonLevels.join(', ')}`);
  const lesson: Lesson = {
    version: 1,
    id,
    title: p.text(value, 'title', 'lesson'),
    level: (level as LessonLevel) ?? 'introductory',
    time_min: p.number(value, 'time_min', 'lesson', 1, 600),
    goals: p.texts(value, 'goals', 'lesson'),
    sources: readSources(value.sources, p),
    teacher: readTeacher(value.teacher, p),
    steps: [],
  };
  if (!Array.isArray(value.steps) || value.steps.length === 0) p.add('lesson.steps', 'must list at least one step');
  else lesson.steps = value.steps.map((s: unknown, i) => readStep(s, i, p));
  return p.list.length === 0 ? { ok: true, lesson } : { ok: false, problems: p.list };
}

/** Every part a step names (controls hidden or locked, charts hidden, the sketch's chart), for the checker. */
export function namedParts(step: LessonStep): { controls: string[]; charts: string[] } {
  const charts = [...step.view.hideCharts];
  if (step.predict?.kind === 'sketch') charts.push(step.predict.chart);
  return { controls: [...step.view.hide, ...step.view.lock], charts };
}

export { isChartPart, isControlPart };
