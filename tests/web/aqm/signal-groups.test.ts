import { describe, expect, it } from 'vitest';
import { findAqm, readAqmTable } from '../../../web/src/aqm/aqm-table';
import { signalGroups } from '../../../web/src/aqm/signal-groups';
import { fakeDescribeAqms } from '../support/fake-aqms';

function signalsOf(name: string) {
  const table = readAqmTable(JSON.parse(fakeDescribeAqms));
  if (typeof table === 'string') throw new Error(table);
  return findAqm(table, name)?.signals ?? [];
}

const columnsFor = (names: string[]) => ['t', 'queue_pkts', 'p', ...names.map((n) => `aqm.${n}`)];

describe('signalGroups', () => {
  it('puts signals with the same unit on one chart and gives each unitless signal its own', () => {
    const groups = signalGroups(signalsOf('gizmo'), columnsFor(['rate', 'sample', 'peak', 'state', 'count']));
    expect(groups.map((g) => ({ title: g.title, unit: g.unit, columns: g.signals.map((s) => s.column) }))).toEqual([
      { title: 'Input rate (pkts/s)', unit: 'pkts/s', columns: ['aqm.rate'] },
      { title: 'Sampled queue, Peak queue (pkts)', unit: 'pkts', columns: ['aqm.sample', 'aqm.peak'] },
      { title: 'Dropping state', unit: '', columns: ['aqm.state'] },
      { title: 'Drop count', unit: '', columns: ['aqm.count'] },
    ]);
    expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
  });

  it('labels series from the signals table', () => {
    const [average, spread] = signalGroups(signalsOf('red'), columnsFor(['avg', 'pa']));
    expect(average?.signals).toEqual([{ column: 'aqm.avg', label: 'Average queue' }]);
    expect(spread?.title).toBe('Spread probability');
  });

  it('leaves out signals the run does not sample, and has nothing for a discipline without signals', () => {
    expect(signalGroups(signalsOf('red'), columnsFor(['avg'])).map((g) => g.title)).toEqual(['Average queue (pkts)']);
    expect(signalGroups(signalsOf('droptail'), columnsFor([]))).toEqual([]);
  });
});
