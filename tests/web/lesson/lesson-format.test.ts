import { describe, expect, it } from 'vitest';
import { readProgress, writeProgress, answersParam, readAnswersParam, loadStored, saveStored, emptyProgress } from '../../../web/src/lesson/answers';
import { readLesson, type Lesson } from '../../../web/src/lesson/lesson-format';
import { mergePatch, stepScenario } from '../../../web/src/lesson/lesson-state';
import { setNearest, sketchOverlay, sketchTimes } from '../../../web/src/lesson/sketch';
import { stepPolicy } from '../../../web/src/lesson/use-lesson';
import { controlState, mergePolicies } from '../../../web/src/scenario/view-policy';
import { encodeLabState } from '../../../web/src/scenario/url-codec';

const step = {
  title: 'Big buffer',
  state: { preset: 'teach-bufferbloat', patch: { sides: [{ name: 'Drop-tail', aqm: 'droptail' }] } },
  view: { hide: ['presets'], lock: ['param:max_th'], hide_charts: ['queue'] },
  do: 'Sketch, then run.',
  predict: { kind: 'sketch', question: 'Delay?', chart: 'delay', y_max: 1500, feedback: 'Look at the delay chart.' },
  run: { until_s: 30 },
  explain: { question: 'Why?', feedback: 'Because the queue fills.' },
};
const lessonJson = {
  version: 1,
  id: 'demo',
  title: 'Demo',
  level: 'introductory',
  time_min: 20,
  goals: ['See it'],
  sources: [{ title: 'RFC 8289', url: 'https://www.rfc-editor.org/rfc/rfc8289' }],
  teacher: { goals: 'g', time: '20 min', misconceptions: ['m'] },
  steps: [step],
};

function lesson(): Lesson {
  const read = readLesson(lessonJson);
  if (!read.ok) throw new Error(read.problems.join('; '));
  return read.lesson;
}

describe('reading a lesson', () => {
  it('reads a well-formed lesson, with its view in the page part names', () => {
    const l = lesson();
    expect(l.steps[0]?.view).toEqual({ hide: ['presets'], lock: ['param:max_th'], hideCharts: ['queue'] });
    expect(l.steps[0]?.predict).toMatchObject({ kind: 'sketch', chart: 'delay', y_max: 1500 });
  });

  it('reports every problem at once, each with its field', () => {
    const bad = {
      ...lessonJson,
      level: 'expert',
      sources: [],
      steps: [
        {
          ...step,
          view: { hide: ['queue-slider'], hide_charts: ['queues'], lock: ['param:Max'] },
          predict: { kind: 'choice', question: 'Which?', choices: ['a', 'b'] },
          explain: { question: 'Why?' },
          run: undefined,
        },
      ],
    };
    const read = readLesson(bad);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toEqual([
      'lesson.level: must be one of introductory, intermediate, advanced',
      'sources: must list at least one source ({"title": ..., "url": ...})',
      'steps[0].view.hide: "queue-slider" is not a control name of the page (docs/lessons.md lists them)',
      'steps[0].view.lock: "param:Max" is not a control name of the page (docs/lessons.md lists them)',
      'steps[0].view.hide_charts: "queues" is not a chart name of the page (docs/lessons.md lists them)',
      'steps[0].predict.feedback: must be a non-empty text',
      'steps[0].run: a step that asks a prediction must run ({"until_s": seconds}) so the run can answer it',
      'steps[0].explain.feedback: must be a non-empty text',
    ]);
  });

  it('wants exactly one starting state', () => {
    const read = readLesson({ ...lessonJson, steps: [{ ...step, state: { preset: 'a', link: 'v1.x' } }] });
    expect(read.ok ? [] : read.problems).toEqual(['steps[0].state: must have exactly one of preset, link, scenario (has preset and link)']);
  });
});

describe("a step's state", () => {
  it('applies a JSON merge patch as RFC 7396 says (its appendix A examples)', () => {
    expect(mergePatch({ a: 'b' }, { a: 'c' })).toEqual({ a: 'c' });
    expect(mergePatch({ a: 'b' }, { b: 'c' })).toEqual({ a: 'b', b: 'c' });
    expect(mergePatch({ a: 'b' }, { a: null })).toEqual({});
    expect(mergePatch({ a: 'b', b: 'c' }, { a: null })).toEqual({ b: 'c' });
    expect(mergePatch({ a: ['b'] }, { a: 'c' })).toEqual({ a: 'c' });
    expect(mergePatch({ a: { b: 'c' } }, { a: { b: 'd', c: null } })).toEqual({ a: { b: 'd' } });
    expect(mergePatch({ a: [{ b: 'c' }] }, { a: [1] })).toEqual({ a: [1] });
    expect(mergePatch(['a', 'b'], ['c', 'd'])).toEqual(['c', 'd']);
    expect(mergePatch({ e: null }, { a: 1 })).toEqual({ e: null, a: 1 });
    expect(mergePatch({}, { a: { bb: { ccc: null } } })).toEqual({ a: { bb: {} } });
  });

  it('opens a preset with its patch, a link, or a written scenario', async () => {
    const fetcher = async (url: string) => ({ ok: url === '/presets/p.json', status: 200, text: async () => '{"seed": 1, "bottleneck": {"buffer_pkts": 1000, "delay_ms": 10}}' });
    expect(JSON.parse(await stepScenario({ preset: 'p', patch: { bottleneck: { buffer_pkts: 100 } } }, '/', fetcher))).toEqual({ seed: 1, bottleneck: { buffer_pkts: 100, delay_ms: 10 } });
    const link = await encodeLabState({ scenario: { seed: 7 }, layout: 'overlay' });
    expect(JSON.parse(await stepScenario({ link }, '/', fetcher))).toEqual({ seed: 7 });
    expect(JSON.parse(await stepScenario({ scenario: { seed: 3 } }, '/', fetcher))).toEqual({ seed: 3 });
    await expect(stepScenario({ preset: 'q' }, '/', fetcher)).rejects.toThrow('/presets/q.json: HTTP 200');
  });
});

describe('what a step shows', () => {
  it('locks the run until the prediction is run, and never less than the step asks', () => {
    const s = lesson().steps[0];
    if (!s) throw new Error('no step');
    expect(stepPolicy(s, undefined).lock).toEqual(['param:max_th', 'play-pause', 'step', 'run-to', 'reset']);
    expect(stepPolicy(s, { ran: true }).lock).toEqual(['param:max_th']);
    expect(stepPolicy(s, { ran: true }).hideCharts).toEqual(['queue']);
  });

  it('hides before it locks; "params" covers every parameter', () => {
    const p = mergePolicies({ hide: ['flows'], lock: ['params'], hideCharts: [] }, { hide: [], lock: ['flows'], hideCharts: ['delay'] });
    expect(controlState(p, 'flows')).toBe('hidden');
    expect(controlState(p, 'param:max_p')).toBe('locked');
    expect(controlState(p, 'capacity')).toBe('shown');
    expect(p.hideCharts).toEqual(['delay']);
  });
});

describe('a sketched prediction', () => {
  it('is values at evenly spaced times; a point follows the pointer, clamped to the axis', () => {
    expect(sketchTimes(30, 4)).toEqual([0, 10, 20, 30]);
    expect(setNearest([0, 0, 0, 0], 30, 11, 500, 400)).toEqual([0, 400, 0, 0]);
    expect(setNearest([5, 5, 5, 5], 30, 29, -3, 400)).toEqual([5, 5, 5, 0]);
  });

  it('becomes a chart series of the chart it was drawn for', () => {
    const overlay = sketchOverlay('delay', [0, 100, 200], 20);
    expect(overlay.chart).toBe('delay');
    expect(overlay.series.column).toBe('delay_ms');
    const store = overlay.series.store;
    expect(store.length).toBe(3);
    expect([0, 1, 2].map((i) => store.at(store.columnIndex('t'), i))).toEqual([0, 10, 20]);
    expect([0, 1, 2].map((i) => store.at(store.columnIndex('delay_ms'), i))).toEqual([0, 100, 200]);
  });
});

describe("a student's answers", () => {
  const answers = { lesson: 'demo', step: 0, answers: { 0: { prediction: { sketch: [1, 2, 3] }, ran: true, explanation: 'The queue fills.' } } };

  it('round-trip through the file, with the questions beside them', () => {
    const l = lesson();
    const text = writeProgress(answers, l, new Date('2026-11-27T12:00:00Z'));
    const file = JSON.parse(text) as { answers: { prediction_question: string }[] };
    expect(file.answers[0]?.prediction_question).toBe('Delay?');
    expect(readProgress(JSON.parse(text), l)).toEqual(answers);
  });

  it('round-trip through a hand-in link', async () => {
    const l = lesson();
    const param = await answersParam(answers, l, new Date());
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await readAnswersParam(param, l)).toEqual(answers);
    expect(await readAnswersParam('AAAA', l)).toMatch(/^the answers link is damaged/);
  });

  it("are refused for another lesson or when they are not answers, naming why", () => {
    const l = lesson();
    expect(readProgress({ aqmlab_answers: 1, lesson: 'other' }, l)).toBe('these answers are for the lesson "other", not "demo"');
    expect(readProgress({ hello: 1 }, l)).toBe('this is not an AQM Lab answers file');
  });

  it('are kept in the browser store and read back, junk ignored', () => {
    const l = lesson();
    const kept = new Map<string, string>();
    const store = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    saveStored(store, answers, l);
    expect(loadStored(store, l)).toEqual(answers);
    kept.set('aqmlab:lesson:demo', '{not json');
    expect(loadStored(store, l)).toEqual(emptyProgress('demo'));
  });
});

describe('a teacher link', () => {
  it('carries hidden and locked parts, hidden charts and a lesson step, as a version 3 link', async () => {
    const { encodeLabState: encode, decodeLabState } = await import('../../../web/src/scenario/url-codec');
    const teach = { policy: { hide: ['presets'], lock: ['flows', 'param:max_th'], hideCharts: ['queue'] }, lesson: 'bufferbloat', step: 2 };
    const fragment = await encode({ scenario: { seed: 4 }, layout: 'overlay', teach });
    expect(fragment.startsWith('v3.')).toBe(true);
    const decoded = await decodeLabState(fragment);
    expect(decoded).toEqual({ ok: true, state: { scenario: { seed: 4 }, layout: 'overlay', teach } });
    // A link without teacher settings is still a version 1 link, and opens with everything shown.
    expect((await encode({ scenario: { seed: 4 }, layout: 'overlay' })).startsWith('v1.')).toBe(true);
  });

  it('refuses unknown part names and a step without a lesson, naming the field', async () => {
    const { checkLabState } = await import('../../../web/src/scenario/url-codec');
    expect(checkLabState({ scenario: {}, teach: { lock: ['flow'] } })).toEqual({
      ok: false,
      error: 'teach.lock: "flow" is not a control name of the page (docs/lessons.md lists them)',
    });
    expect(checkLabState({ scenario: {}, teach: { step: 1 } })).toEqual({ ok: false, error: 'teach.step: needs a lesson' });
  });
});
