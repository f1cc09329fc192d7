import { describe, expect, it } from 'vitest';
import { emptyAxis, readExperimentState, sweepDocument, type ExperimentState } from '../../../web/src/experiment/experiment-state';
import { experimentFields } from '../../../web/src/experiment/experiment-defaults';

const base = { duration_s: 20, groups: [{ kind: 'tcp', count: 10 }], sides: [{ aqm: 'red' }] };
const state: ExperimentState = {
  base,
  baseLabel: 'Current lab',
  axes: [{ ...emptyAxis('groups[0].count'), from: '10', to: '40', count: '4', scale: 'log' }],
  zip: false,
  seeds: 3,
  extra: { metrics: ['mean_queue_pkts'] },
  plot: { metric: 'mean_queue_pkts', x: 'mean_queue_pkts', y: 'queue_sd_pkts' },
};

describe('the experiment as a sweep file', () => {
  it('writes the base inline, a range axis, the seeds and the kept fields', () => {
    expect(sweepDocument(state)).toEqual({
      ok: true,
      value: { metrics: ['mean_queue_pkts'], base, axes: [{ path: 'groups[0].count', range: { from: 10, to: 40, count: 4, scale: 'log' } }], seeds: 3 },
    });
  });

  it('writes a list axis, and zip only with two axes', () => {
    const two = { ...state, zip: true, axes: [{ ...emptyAxis('groups[0].count'), mode: 'values' as const, values: '10, 20;40  80' }, { ...emptyAxis('sides[*].params.max_p'), mode: 'values' as const, values: '0.1 0.2 0.3 0.4' }] };
    const doc = sweepDocument(two);
    expect(doc.ok && doc.value.axes).toEqual([
      { path: 'groups[0].count', values: [10, 20, 40, 80] },
      { path: 'sides[*].params.max_p', values: [0.1, 0.2, 0.3, 0.4] },
    ]);
    expect(doc.ok && doc.value.zip).toBe(true);
    const one = sweepDocument({ ...state, zip: true });
    expect(one.ok && 'zip' in one.value).toBe(false);
  });

  it('writes a step range (a factor on a log scale) instead of a count when the form says so', () => {
    const stepped = { ...state, axes: [{ ...emptyAxis('groups[1].arrival_rate'), from: '5', to: '50', by: 'step' as const, step: '5', count: '' }] };
    const doc = sweepDocument(stepped);
    expect(doc.ok && doc.value.axes).toEqual([{ path: 'groups[1].arrival_rate', range: { from: 5, to: 50, step: 5, scale: 'linear' } }]);
    const wrong = sweepDocument({ ...stepped, axes: [{ ...emptyAxis('x'), from: '1', to: '2', by: 'step', step: 'big' }] });
    expect(wrong.ok ? '' : wrong.error).toBe('axis 1 step: must be a number, got "big"');
  });

  it('names the form field and the allowed range when one is wrong', () => {
    const axis = state.axes[0] ?? emptyAxis();
    const error = (s: Partial<ExperimentState>) => {
      const doc = sweepDocument({ ...state, ...s });
      return doc.ok ? '' : doc.error;
    };
    expect(error({ seeds: 0 })).toBe('seeds: must be a whole number in [1, 1000], got 0');
    expect(error({ seeds: 2.5 })).toBe('seeds: must be a whole number in [1, 1000], got 2.5');
    expect(error({ axes: [{ ...axis, count: '0' }] })).toBe('axis 1 count: must be a whole number in [1, 1000], got 0');
    expect(error({ axes: [{ ...axis, from: 'ten' }] })).toBe('axis 1 from: must be a number, got "ten"');
    expect(error({ axes: [{ ...axis, path: ' ' }] })).toBe('axis 1 path: choose a parameter');
    expect(error({ axes: [axis, { ...emptyAxis('x'), mode: 'values', values: '1, two' }] })).toBe('axis 2 values: must be a number, got "two"');
    expect(error({ axes: [] })).toBe('axes: give 1 to 2 axes, got 0');
  });

  it('says every wrong field at once, a line each, in the form\'s order', () => {
    const axis = state.axes[0] ?? emptyAxis();
    const doc = sweepDocument({
      ...state,
      seeds: 0,
      axes: [
        { ...axis, path: '', from: 'ten', to: '', count: '0' },
        { ...emptyAxis('x'), mode: 'values', values: '1, two, three' },
      ],
    });
    expect(doc.ok ? '' : doc.error.split('\n')).toEqual([
      'seeds: must be a whole number in [1, 1000], got 0',
      'axis 1 path: choose a parameter',
      'axis 1 from: must be a number, got "ten"',
      'axis 1 to: must be a number, got ""',
      'axis 1 count: must be a whole number in [1, 1000], got 0',
      'axis 2 values: must be a number, got "two"',
    ]);
    const stepped = sweepDocument({ ...state, axes: [{ ...axis, by: 'step', step: 'big', to: 'x' }] });
    expect(stepped.ok ? '' : stepped.error.split('\n')).toEqual(['axis 1 to: must be a number, got "x"', 'axis 1 step: must be a number, got "big"']);
  });
});

describe('an experiment in a link', () => {
  it('reads back what the page writes', () => {
    const fields = JSON.parse(JSON.stringify(experimentFields(state))) as unknown;
    expect(readExperimentState(fields)).toEqual({ ok: true, value: state });
  });

  it('names the field a hand-made or damaged link gets wrong', () => {
    const fields = experimentFields(state);
    const error = (patch: Record<string, unknown>) => {
      const read = readExperimentState({ ...fields, ...patch });
      return read.ok ? '' : read.error;
    };
    expect(error({ base: 'lred-exp1' })).toBe('experiment.base: must be a scenario object');
    expect(error({ seeds: 5000 })).toBe('experiment.seeds: must be a whole number in [1, 1000], got 5000');
    expect(error({ axes: [] })).toBe('experiment.axes: must be 1 to 2 axes');
    expect(error({ axes: [{ ...emptyAxis('a'), mode: 'grid' }] })).toBe('experiment.axes[0].mode: must be "values" or "range"');
    expect(error({ plot: { metric: 1 } })).toBe('experiment.plot: must hold the metric, x and y names as strings');
    expect(error({ axes: [{ ...emptyAxis('a'), by: 'each' }] })).toBe('experiment.axes[0].by: must be "count" or "step"');
    expect(readExperimentState([1]).ok).toBe(false);
  });

  it('reads a link written before ranges could have a step as counted ranges', () => {
    const { by: _by, step: _step, ...older } = state.axes[0] ?? emptyAxis();
    const read = readExperimentState({ ...experimentFields(state), axes: [older] });
    expect(read.ok && read.value.axes).toEqual(state.axes);
  });
});
