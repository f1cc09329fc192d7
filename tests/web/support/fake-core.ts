import { effectiveParams, findAqm, readAqmTable, type AqmSpec } from '../../../web/src/aqm/aqm-table';
import type { AqmLabModule, CoreSimulation } from '../../../web/src/generated/aqmlab.mjs';
import { bufferPackets } from '../../../web/src/scenario/side-info';
import { fakeDescribeAqms } from './fake-aqms';

// A tiny stand-in for the wasm core, for tests only: it speaks the API.md
// contract (JSON answers, a column-major batch view that stays valid until
// cleared) with a made-up queue that grows with the flow count. Each side runs
// the discipline its scenario entry names from the fake table, samples one
// column per inner signal, and checks live parameters as the core does:
// range and kind first, then RED's min_th < max_th, with the field named.

export const fakeScenario = JSON.stringify({
  version: 1,
  duration_s: 2,
  sample_interval_ms: 10,
  bottleneck: { buffer_pkts: 40 },
  groups: [{ kind: 'tcp', count: 50 }],
  sides: [
    { name: 'Drop-tail', aqm: 'droptail', params: {} },
    { name: 'RED', aqm: 'red', params: { max_p: 0.1 } },
  ],
});

type Fields = Record<string, unknown>;
const isRecord = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

function fakeTable(): AqmSpec[] {
  const table = readAqmTable(JSON.parse(fakeDescribeAqms));
  if (typeof table === 'string') throw new Error(table);
  return table;
}

function sideEntry(scenario: unknown, side: number): Fields | null {
  if (!isRecord(scenario) || !Array.isArray(scenario.sides)) return null;
  const entry: unknown = scenario.sides[side];
  return isRecord(entry) ? entry : null;
}

const ok = '{"ok":true}';
const refuse = (error: string): string => JSON.stringify({ ok: false, error });

class FakeSimulation implements CoreSimulation {
  private time = 0;
  private readonly durationS: number;
  private flows = 50;
  private pending: number[][] = [];
  private problem: string;
  private readonly spec: AqmSpec | undefined;
  private readonly params: Record<string, number> = {};
  deleted = false;
  /** From this simulated time on, advance() fails for good as the core's packet limit does. */
  failAtS = Number.POSITIVE_INFINITY;

  constructor(scenario: string, side: number) {
    // As the core: a scenario it cannot read gives the run an error() with validateScenario's message.
    const checked: unknown = JSON.parse(createFakeCore().validateScenario(scenario));
    const refused = isRecord(checked) && typeof checked.error === 'string' ? checked.error : null;
    const parsed: unknown = refused === null ? JSON.parse(scenario) : null;
    const entry = sideEntry(parsed, side);
    this.durationS = isRecord(parsed) && typeof parsed.duration_s === 'number' ? parsed.duration_s : 2;
    this.problem = refused ?? (entry ? '' : 'sides: out of range');
    this.spec = typeof entry?.aqm === 'string' ? findAqm(fakeTable(), entry.aqm) : undefined;
    if (this.spec) {
      const overrides: Record<string, number> = {};
      if (isRecord(entry?.params)) {
        for (const [k, v] of Object.entries(entry.params)) if (typeof v === 'number') overrides[k] = v;
      }
      this.params = effectiveParams(this.spec, bufferPackets(parsed), overrides);
    }
  }

  private get signalColumns(): string[] {
    return (this.spec?.signals ?? []).map((s) => `aqm.${s.name}`);
  }

  error(): string {
    return this.problem;
  }

  columns(): string {
    return JSON.stringify(['t', 'queue_pkts', 'delay_ms', ...this.signalColumns]);
  }

  advance(untilSeconds: number): number {
    if (untilSeconds >= this.failAtS) {
      this.problem = 'the run holds more than 4000000 packets at t = 0.5 s, the most a run may hold';
      return -1;
    }
    const end = Math.min(untilSeconds, this.durationS);
    while (this.time + 0.01 <= end + 1e-9) {
      this.time = Math.round((this.time + 0.01) * 100) / 100;
      const q = this.flows;
      this.pending.push([this.time, q, q / 2, ...this.signalColumns.map(() => q * 0.9)]);
    }
    return this.pending.length;
  }

  batch(): Float64Array {
    const n = this.pending.length;
    const width = 3 + this.signalColumns.length;
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
    if (!isRecord(event)) return refuse('event: not an object');
    if (event.kind === 'set_flows' && typeof event.count === 'number') {
      this.flows = event.count;
      return ok;
    }
    if (event.kind === 'set_param' && typeof event.name === 'string' && typeof event.value === 'number') {
      return this.setParam(event.name, event.value);
    }
    if (event.kind === 'set_capacity' && typeof event.mbps === 'number') {
      return event.mbps >= 0.01 ? ok : refuse(`event.mbps: must be in [0.01, 100000], got ${event.mbps}`);
    }
    return refuse('event.kind: unknown');
  }

  private setParam(name: string, value: number): string {
    const param = this.spec?.params.find((p) => p.name === name);
    if (!param) return refuse('name: no such parameter');
    if (value < param.min || value > param.max) {
      return refuse(`event.${name}: must be in [${param.min}, ${param.max}], got ${value}`);
    }
    if (param.kind === 'integer' && !Number.isInteger(value)) return refuse(`event.${name}: must be a whole number, got ${value}`);
    const next = { ...this.params, [name]: value };
    const { min_th: low, max_th: high } = next;
    if (low !== undefined && high !== undefined && low >= high) {
      return refuse(`event.min_th: must be below max_th (${high}), got ${low}`);
    }
    this.params[name] = value;
    return ok;
  }

  now(): number {
    return this.time;
  }

  done(): boolean {
    return this.time >= this.durationS - 1e-9;
  }

  /** The shape of the core's summary; the figures only need to follow the clock. */
  summary(): string {
    const measured = Math.max(0, this.time - 0.5);
    return JSON.stringify({
      side: 'fake',
      measured_s: measured,
      mean_queue_pkts: measured > 0 ? 12.5 : null,
      p95_queue_pkts: measured > 0 ? 20 : null,
      mean_delay_ms: measured > 0 ? 5 : null,
      p95_delay_ms: measured > 0 ? 8 : null,
      jitter_ms: 0.3,
      utilisation: 0.97,
      goodput_mbps: 9.5,
      loss_ratio: 0.01,
      fairness: 0.9,
      response_time_s: null,
      classes: [],
    });
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
    describeAqms: () => fakeDescribeAqms,
    defaultScenario: () => fakeScenario,
    // The page's tests of the lab never reach the analysis models; a call refuses as the core does.
    analyzeScenario: () => refuse('analysis: the fake core has no models'),
    solveQueueModel: () => refuse('analysis: the fake core has no models'),
    responseBounds: () => refuse('analysis: the fake core has no models'),
    analyzeModel: () => refuse('analysis: the fake core has no models'),
    validateScenario: (json) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        return refuse('scenario: not JSON');
      }
      // A few of the core's checks, with its messages, for the tests of refusals.
      if (!isRecord(parsed)) return refuse('scenario: must be an object');
      const { sides, bottleneck } = parsed;
      if (Array.isArray(sides) && (sides.length < 1 || sides.length > 6)) return refuse('sides: must hold 1 to 6 sides');
      const capacity = isRecord(bottleneck) ? bottleneck.capacity_mbps : undefined;
      if (typeof capacity === 'number' && capacity < 0.01) {
        return refuse(`bottleneck.capacity_mbps: must be in [0.01, 100000], got ${capacity}`);
      }
      return ok;
    },
    Simulation: class extends FakeSimulation {
      constructor(scenario: string, side: number) {
        super(scenario, side);
        created.push(this);
      }
    },
  };
}
