// A made-up describeAqms() answer in the core's shape (wasm/API.md), for tests
// only: the page must work from whatever the core registers, so the tests use
// disciplines the core does not have next to the two it does.

export const fakeDescribeAqms = JSON.stringify([
  { name: 'droptail', label: 'Drop-tail', source: 'FIFO', summary: 'Drops when full.', params: [], signals: [], law: null, levels: [] },
  {
    name: 'red',
    label: 'RED',
    source: 'Floyd & Jacobson 1993',
    summary: 'Early drops from an average queue.',
    params: [
      { name: 'wq', label: 'Averaging weight', unit: '', kind: 'real', default: 0.002, min: 1e-6, max: 1, step: 0.0001, help: 'EWMA weight (Floyd & Jacobson 1993).', scale: 'log', sensible: [1e-5, 0.1] },
      { name: 'min_th', label: 'Minimum threshold', unit: 'pkts', kind: 'real', default: 5, min: 0, max: 100000, step: 1, help: 'A quarter of the buffer.', default_buffer_fraction: 0.25, buffer_bound: true },
      { name: 'max_th', label: 'Maximum threshold', unit: 'pkts', kind: 'real', default: 15, min: 1, max: 100000, step: 1, help: 'Three quarters of the buffer.', default_buffer_fraction: 0.75, buffer_bound: true },
      { name: 'max_p', label: 'Maximum probability', unit: '', kind: 'real', default: 0.1, min: 0, max: 1, step: 0.001, help: 'Drop probability at max_th.' },
      { name: 'gentle', label: 'Gentle', unit: '', kind: 'toggle', default: 1, min: 0, max: 1, step: 1, help: 'Floyd 2000.' },
    ],
    signals: [
      { name: 'avg', label: 'Average queue', unit: 'pkts' },
      { name: 'pa', label: 'Spread probability', unit: '' },
    ],
    law: null,
    levels: [
      { param: 'min_th', chart: 'queue', label: 'min_th', scale: 1, when_on: '' },
      { param: 'max_th', chart: 'queue', label: 'max_th', scale: 1, when_on: '' },
    ],
  },
  {
    name: 'gizmo',
    label: 'Gizmo',
    source: 'A test-only discipline',
    summary: 'Has an integer, a buffer-relative integer and an odd step.',
    params: [
      { name: 'periods', label: 'Periods', unit: '', kind: 'integer', default: 4, min: 0.5, max: 32.7, step: 0.4, help: 'Whole periods.' },
      { name: 'slots', label: 'Slots', unit: '', kind: 'integer', default: 7, min: 1, max: 40, step: 1, help: 'A third of the buffer, rounded.', default_buffer_fraction: 0.3333 },
      { name: 'gain', label: 'Gain', unit: '1/pkt', kind: 'real', default: 1.822e-5, min: 0, max: 0.01, step: 0, help: 'No step given.' },
    ],
    signals: [
      { name: 'rate', label: 'Input rate', unit: 'pkts/s' },
      { name: 'sample', label: 'Sampled queue', unit: 'pkts' },
      { name: 'peak', label: 'Peak queue', unit: 'pkts' },
      { name: 'state', label: 'Dropping state', unit: '' },
      { name: 'count', label: 'Drop count', unit: '' },
    ],
    law: null,
    levels: [],
  },
]);
