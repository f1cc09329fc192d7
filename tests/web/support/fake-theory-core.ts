import type { TheoryCore } from '../../../web/src/theory/theory-runner';

// A stand-in for the core's analysis functions: canned answers in the shape
// wasm/API.md documents, so the page's adapter, worker and state are tested
// without the wasm build. It computes no model; the numbers are arbitrary.

export const cannedAnalysis = {
  ok: true,
  mapping: { flows: 120, capacity_pps: 2500, rtt_s: 0.1, buffer_pkts: 300, open_loop_pps: 0, events: 0 },
  fluid: { t: [0, 0.5, 1], queue_pkts: [0, 40, 55], window_pkts: [1, 6, 8], p: [0, 0.01, 0.02] },
  equilibrium: { W0: 8, p0: 0.03, R0: 0.12, q0: 50 },
  notes: ['RTTs averaged harmonically'],
  stability: {
    discipline: 'red',
    verdict: 'stable',
    rule: 'L (RC)^3 / (2N)^2 <= sqrt(wg^2/K^2 + 1)',
    rule_tex: String.raw`\frac{L\,(RC)^3}{(2N)^2} \le \sqrt{\frac{\omega_g^2}{K^2}+1}`,
    numbers: { N: 100, C_pps: 2500, R_s: 0.1, lhs: 0.39, bound: 1.01, ratio: 0.386 },
    quantities: [
      { key: 'N', words: 'long-lived TCP flows', value: 100 },
      { key: 'C_pps', words: 'capacity, packets/s', value: 2500 },
      { key: 'R_s', words: 'round-trip time at equilibrium, s', value: 0.1 },
      { key: 'lhs', words: "the rule's left side", value: 0.39 },
      { key: 'bound', words: "the rule's right side", value: 1.01 },
      { key: 'ratio', words: 'how far toward the stability limit (1 = on it)', value: 0.386 },
    ],
    region: 'ramp',
    region_text: 'The equilibrium average queue (120 packets) is on the ramp between min_th (50) and max_th (150), whose slope max_p / (max_th - min_th) is 0.001 per packet.',
    ratio: 0.386,
    sufficient: true,
    margins: { gain_db: 8, phase_deg: 50, crossover_rad_s: 0.8, phase_crossover_rad_s: 3 },
    bode: { w: [0.1, 1, 10], mag_db: [20, 0, -20], phase_deg: [-90, -130, -200] },
  },
  queue_model: null,
};

export class FakeTheoryCore implements TheoryCore {
  readonly calls: string[] = [];
  verdictFor: (scenario: string, side: number) => string = () => 'stable';
  /** A side whose analysis the fake refuses, as the core does for a discipline it cannot model. */
  refuseSide = -1;

  analyzeScenario(scenarioJson: string, side: number): string {
    this.calls.push(`analyze ${side}`);
    if (side === this.refuseSide) return JSON.stringify({ ok: false, error: `sides[${side}].aqm: no fluid model` });
    const verdict = this.verdictFor(scenarioJson, side);
    return JSON.stringify({ ...cannedAnalysis, stability: { ...cannedAnalysis.stability, verdict } });
  }

  solveQueueModel(modelJson: string): string {
    this.calls.push('queue');
    return JSON.stringify({ ok: true, distribution: [0.5, 0.3, 0.2], mean_queue: 0.7, mean_delay_s: 0.01, loss: 0.2, loss_per_source: [0.2], delay_per_source_s: [0.01], phases: 1, states: 3, echo: modelJson.length });
  }

  responseBounds(json: string): string {
    this.calls.push('bounds');
    return JSON.stringify({ ok: true, flows: [100, 200], p0: [0.01, 0.04], pi_s: [10, null], rem_s: [5, 9], echo: json.length });
  }

  lawCurve(json: string): string {
    this.calls.push('law');
    return JSON.stringify({ ok: true, queue: [0, 10, 20], p: [0, 0.1, 1], echo: json.length });
  }

  senderResponse(json: string): string {
    this.calls.push('sender');
    return JSON.stringify({ ok: true, sender: 'newreno', signal: 'loss_or_mark', points: [{ p: 0.01, window_segments: 12, rate_mbps: 1, region: 'square-root' }], echo: json.length });
  }
}
