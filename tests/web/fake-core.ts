import type { AqmLabModule, CoreSimulation } from '../../web/src/generated/aqmlab.mjs';

// A tiny stand-in for the wasm core, for tests only: it speaks the API.md
// contract (JSON answers, a column-major batch view that stays valid until
// cleared) with a made-up queue that grows with the flow count.

export const fakeScenario = JSON.stringify({
  version: 1,
  duration_s: 2,
  sample_interval_ms: 10,
  groups: [{ kind: 'tcp', count: 50 }],
  sides: [
    { name: 'Drop-tail', aqm: 'droptail', params: {} },
    { name: 'RED', aqm: 'red', params: { max_p: 0.1 } },
  ],
});

const aqmTable = JSON.stringify([
  { name: 'droptail', params: [] },
  {
    name: 'red',
    params: [
      { name: 'max_p', default: 0.1 },
      { name: 'wq', default: 0.002 },
    ],
  },
]);

class FakeSimulation implements CoreSimulation {
  private time = 0;
  private flows = 50;
  private pending: number[][] = [];
  private readonly problem: string;
  private readonly red: boolean;
  deleted = false;

  constructor(scenario: string, side: number) {
    const parsed: unknown = JSON.parse(scenario);
    const ok = typeof parsed === 'object' && parsed !== null && 'sides' in parsed && Array.isArray(parsed.sides);
    this.problem = ok && side < (Array.isArray(parsed.sides) ? parsed.sides.length : 0) ? '' : 'sides: out of range';
    this.red = side === 1;
  }

  error(): string {
    return this.problem;
  }

  columns(): string {
    return JSON.stringify(this.red ? ['t', 'queue_pkts', 'delay_ms', 'aqm.avg'] : ['t', 'queue_pkts', 'delay_ms']);
  }

  advance(untilSeconds: number): number {
    const end = Math.min(untilSeconds, 2);
    while (this.time + 0.01 <= end + 1e-9) {
      this.time = Math.round((this.time + 0.01) * 100) / 100;
      const q = this.flows;
      this.pending.push(this.red ? [this.time, q, q / 2, q * 0.9] : [this.time, q, q / 2]);
    }
    return this.pending.length;
  }

  batch(): Float64Array {
    const n = this.pending.length;
    const width = this.red ? 4 : 3;
    const out = new Float64Array(n * width);
    this.pending.forEach((row, i) => row.forEach((v, c) => (out[c * n + i] = v)));
    return out;
  }

  batchLength(): number {
    return this.pending.length;
  }

  clearBatch(): void {
    this.pending = [];
  }

  apply(eventJson: string): string {
    const event: unknown = JSON.parse(eventJson);
    if (typeof event === 'object' && event !== null && 'kind' in event) {
      if (event.kind === 'set_flows' && 'count' in event && typeof event.count === 'number') {
        this.flows = event.count;
        return '{"ok":true}';
      }
      if (event.kind === 'set_param' && this.red) return '{"ok":true}';
    }
    return '{"ok":false,"error":"name: no such parameter"}';
  }

  now(): number {
    return this.time;
  }

  done(): boolean {
    return this.time >= 2 - 1e-9;
  }

  summary(): string {
    return '{}';
  }

  delete(): void {
    this.deleted = true;
  }
}

export interface FakeCore extends AqmLabModule {
  created: FakeSimulation[];
}

export function createFakeCore(): FakeCore {
  const created: FakeSimulation[] = [];
  return {
    created,
    describeAqms: () => aqmTable,
    defaultScenario: () => fakeScenario,
    validateScenario: (json) => {
      try {
        JSON.parse(json);
        return '{"ok":true}';
      } catch {
        return '{"ok":false,"error":"scenario: not JSON"}';
      }
    },
    Simulation: class extends FakeSimulation {
      constructor(scenario: string, side: number) {
        super(scenario, side);
        created.push(this);
      }
    },
  };
}
