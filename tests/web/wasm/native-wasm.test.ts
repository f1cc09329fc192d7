// The same scenario and seed give bit-identical metric streams natively and
// in WebAssembly: both builds hash every sample they take (a chain over each
// column's samples, core-cpp/src/metrics/recorder.cc) and the hashes must
// agree, side by side.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs helper shared with the benchmark script
import { loadCore, root } from '../../../scripts/load-core-node.mjs';
import { presetText } from '../support/preset-files';

interface CoreSimulation {
  error(): string;
  advance(untilSeconds: number): number;
  clearBatch(): void;
  done(): boolean;
  now(): number;
  summary(): string;
  delete(): void;
}
interface Core {
  describeAqms(): string;
  describeSenders(): string;
  Simulation: new (scenario: string, side: number) => CoreSimulation;
}

interface SideSummary {
  side: string;
  series_hash: string;
  mean_queue_pkts: number;
  events: number;
}

function scenario(aqms: string[]): string {
  return JSON.stringify({
    seed: 11,
    duration_s: 25,
    warmup_s: 5,
    groups: [{ count: 40, start: 'random', rtt_spread: 'random', ecn: true }],
    bottleneck: { ecn: true },
    sides: aqms.map((aqm) => ({ aqm })),
    events: [{ at_s: 12, kind: 'set_flows', group: 0, count: 90 }],
  });
}

// Two bottlenecks, reverse traffic on the ways back, HTTP pages with Pareto
// sizes (pow) and exponential think times (log), and events on hop 2.
function topologyScenario(aqms: string[]): string {
  return JSON.stringify({
    seed: 12,
    duration_s: 15,
    warmup_s: 3,
    topology: { kind: 'parking_lot', hop2: { capacity_mbps: 8, delay_ms: 5 } },
    groups: [
      { count: 15, start: 'random', class: 'long' },
      { count: 10, path: 'hop1', class: 'cross' },
      { count: 8, path: 'hop2', direction: 'reverse' },
      { kind: 'http', count: 40, path: 'hop2', page_law: 'pareto', shape: 1.4, mean_page_bytes: 6000 },
    ],
    sides: aqms.map((aqm) => ({ aqm })),
    events: [
      { at_s: 6, kind: 'set_capacity', mbps: 5, hop: 2 },
      { at_s: 8, kind: 'set_rate', group: 3, rate: 0.3 },
      { at_s: 10, kind: 'set_flows', group: 2, count: 16 },
    ],
  });
}

// Per-member RTTs and start times, each side with its own buffer, and each
// side switching mid-run to the next discipline in the list (the last to the
// first), the queue kept.
function memberScenario(aqms: string[]): string {
  const rtts = Array.from({ length: 30 }, (_, k) => 40 + 7 * k);
  return JSON.stringify({
    seed: 13,
    duration_s: 12,
    warmup_s: 2,
    groups: [{ count: 60, rtt_ms: rtts, start: rtts.map((r) => r / 1000) }],
    sides: aqms.map((aqm, i) => ({
      aqm,
      buffer_pkts: 60 + 40 * i,
      switch_to: { at_s: 6, aqm: aqms[(i + 1) % aqms.length] },
    })),
  });
}

// One TCP group per registered sender (ECN on, as Prague needs it), so every
// controller's arithmetic (CUBIC's cube root, alpha's EWMA, pacing) runs
// under every discipline; the 40 s let CUBIC's epochs and HyStart++ play out.
function senderScenario(aqms: string[], senders: string[]): string {
  return JSON.stringify({
    seed: 14,
    duration_s: 40,
    warmup_s: 5,
    groups: senders.map((variant) => ({
      count: 6,
      class: variant,
      variant,
      ecn: true,
      start: 'random',
      rtt_spread: 'random',
    })),
    bottleneck: { ecn: true },
    sides: aqms.map((aqm) => ({ aqm })),
  });
}

function runWasm(core: Core, json: string, side: number): SideSummary {
  const sim = new core.Simulation(json, side);
  expect(sim.error()).toBe('');
  while (!sim.done()) {
    sim.advance(sim.now() + 0.7);
    sim.clearBatch();
  }
  const summary = JSON.parse(sim.summary()) as SideSummary;
  sim.delete();
  return summary;
}

function runNative(json: string): SideSummary[] {
  const dir = mkdtempSync(join(tmpdir(), 'aqmlab-'));
  const file = join(dir, 'scenario.json');
  writeFileSync(file, json);
  const out = execFileSync(join(root, 'build/native/core-cpp/aqmlab'), ['run', file], {
    encoding: 'utf8',
  });
  return (JSON.parse(out) as { sides: SideSummary[] }).sides;
}

// Runs one scenario natively and in wasm and compares the two side by side.
function expectSidesAgree(core: Core, json: string, names: string[]): void {
  const native = runNative(json);
  expect(native).toHaveLength(names.length);
  native.forEach((expected, side) => {
    const wasm = runWasm(core, json, side);
    expect(wasm.series_hash, `${names[side]} series hash`).toBe(expected.series_hash);
    expect(wasm.events).toBe(expected.events);
    expect(wasm.mean_queue_pkts).toBe(expected.mean_queue_pkts);
  });
}

// Runs every registered discipline (six sides per scenario) natively and in
// wasm and compares the two runs side by side.
async function expectBuildsAgree(make: (aqms: string[]) => string): Promise<void> {
  const core = (await loadCore()) as Core;
  const names = (JSON.parse(core.describeAqms()) as { name: string }[]).map((a) => a.name);
  expect(names).toContain('red');
  for (let i = 0; i < names.length; i += 6) {
    const aqms = names.slice(i, i + 6);
    expectSidesAgree(core, make(aqms), aqms);
  }
}

describe('native and wasm builds', () => {
  it('produce bit-identical metric streams for every registered discipline', async () => {
    await expectBuildsAgree(scenario);
  }, 120_000);

  it('agree on a parking lot with reverse traffic and HTTP sessions for every discipline', async () => {
    await expectBuildsAgree(topologyScenario);
  }, 180_000);

  it('agree with per-member RTTs and starts, per-side buffers and a mid-run switch of discipline', async () => {
    await expectBuildsAgree(memberScenario);
  }, 180_000);

  it('agree for every registered sender under every discipline', async () => {
    const core = (await loadCore()) as Core;
    const senders = (JSON.parse(core.describeSenders()) as { name: string }[]).map((c) => c.name);
    expect(senders).toEqual(expect.arrayContaining(['newreno', 'cubic', 'dctcp', 'prague']));
    await expectBuildsAgree((aqms) => senderScenario(aqms, senders));
  }, 300_000);

  // The L4S preset as it ships: DualPI2 with Linux's and RFC 9332's constants
  // (its L queue fed by TCP Prague's ECT(1) packets, the Classic by CUBIC's),
  // beside FQ-CoDel, PIE and drop-tail, for its whole minute.
  it('agree on the L4S coexistence preset, DualPI2 and its comparison sides', async () => {
    const core = (await loadCore()) as Core;
    const json = presetText('teach-l4s-coexistence');
    const aqms = (JSON.parse(json) as { sides: { aqm: string }[] }).sides.map((s) => s.aqm);
    expect(aqms.filter((a) => a === 'dualpi2')).toHaveLength(2);
    expectSidesAgree(core, json, aqms);
  }, 120_000);

  // The two L4S presets with FQ-CoDel's 1 ms L4S threshold among their sides
  // (TCP Prague's ECT(1) packets marked by it), the capacity steps' set_capacity
  // events and windows included, for their whole runs.
  it('agree on the L4S RTT-unfairness and capacity-step presets', async () => {
    const core = (await loadCore()) as Core;
    for (const id of ['teach-l4s-rtt-unfairness', 'teach-l4s-capacity-steps']) {
      const json = presetText(id);
      const sides = (JSON.parse(json) as { sides: { aqm: string; params: Record<string, number> }[] }).sides;
      expect(sides.some((s) => s.aqm === 'fq_codel' && s.params.ce_threshold_ms === 1), id).toBe(true);
      expectSidesAgree(core, json, sides.map((s) => `${id} ${s.aqm}`));
    }
  }, 300_000);

  // CAKE's shaper (the link holding each packet for its time at the shaped
  // rate) and its retuning mid-run, COBALT marking ECN-capable TCP and BLUE
  // holding a UDP flood, beside CAKE unshaped, on the fairness preset's traffic.
  it('agree on CAKE shaped, reshaped mid-run and unshaped under a UDP flood', async () => {
    const core = (await loadCore()) as Core;
    const base = JSON.parse(presetText('teach-fairness-udp')) as { groups: { ecn?: boolean }[]; sides: unknown[] };
    const json = JSON.stringify({
      ...base,
      groups: base.groups.map((g, i) => (i === 0 ? { ...g, ecn: true } : g)),
      bottleneck: { capacity_mbps: 10, delay_ms: 10, buffer_pkts: 200, packet_bytes: 1500, ecn: true },
      sides: [
        { name: 'CAKE 6 Mb/s', aqm: 'cake', params: { bandwidth_mbps: 6 } },
        { name: 'CAKE', aqm: 'cake', params: {} },
      ],
      events: [{ at_s: 40, kind: 'set_param', side: 0, name: 'bandwidth_mbps', value: 3 }],
    });
    expectSidesAgree(core, json, ['CAKE shaped', 'CAKE']);
  }, 120_000);

  // The overload preset: an unresponsive UDP source marked ECT(1) floods the
  // L queue, with and without DualPI2's drop on overload.
  it('agree on the L4S overload preset', async () => {
    const core = (await loadCore()) as Core;
    const json = presetText('teach-l4s-overload');
    const sides = (JSON.parse(json) as { sides: { aqm: string }[] }).sides;
    expect(sides.map((s) => s.aqm)).toEqual(['dualpi2', 'dualpi2']);
    expectSidesAgree(core, json, sides.map((_, i) => `teach-l4s-overload side ${i}`));
  }, 120_000);
});
