import { describe, expect, it } from 'vitest';
import { flowLines, hasFlowLines, linesFor, metrics, tracedFlow } from '../../../web/src/charts/metrics';
import { nodeCore, nodeCoreBuilt } from '../support/node-core';

// The window chart draws a line per traced flow: its columns are
// flow.<group>.<k>.cwnd_pkts and, for a sender that paces,
// flow.<group>.<k>.pacing_mbps (the core's flow table), after every other.

const columns = ['t', 'queue_pkts', 'class.tcp.goodput_mbps', 'flow.0.0.cwnd_pkts', 'flow.1.0.cwnd_pkts', 'flow.1.0.pacing_mbps', 'flow.1.3.cwnd_pkts', 'flow.1.3.pacing_mbps'];

describe('the window chart lines', () => {
  it('draws a line per traced flow, named by its group and flow from 1, the flows of a side told apart', () => {
    expect(flowLines(metrics.cwnd, columns)).toEqual([
      { column: 'flow.0.0.cwnd_pkts', dashed: false, shade: 'side', suffix: ' group 1 flow 1' },
      { column: 'flow.1.0.cwnd_pkts', dashed: true, shade: 'side', suffix: ' group 2 flow 1' },
      { column: 'flow.1.3.cwnd_pkts', dashed: false, shade: 'signal', suffix: ' group 2 flow 4' },
    ]);
    expect(linesFor(metrics.pacing, columns).map((l) => l.column)).toEqual(['flow.1.0.pacing_mbps', 'flow.1.3.pacing_mbps']);
    // The other charts draw none of them.
    expect(linesFor(metrics.queue, columns).map((l) => l.column)).toEqual(['queue_pkts']);
  });

  it('is shown only when some run traces a flow', () => {
    expect(hasFlowLines(metrics.cwnd, [['t'], columns])).toBe(true);
    expect(hasFlowLines(metrics.cwnd, [['t', 'queue_pkts']])).toBe(false);
    expect(hasFlowLines(metrics.pacing, [['t', 'flow.0.0.cwnd_pkts']])).toBe(false);
    expect(tracedFlow('flow.12.7.cwnd_pkts')).toEqual({ group: 12, flow: 7, column: 'cwnd_pkts' });
    expect(tracedFlow('class.flow.1.cwnd_pkts')).toBeNull();
  });

  it.runIf(nodeCoreBuilt)("draws the core's columns of a traced run in the core's units", async () => {
    const core = await nodeCore();
    const scenario = {
      duration_s: 3,
      warmup_s: 0,
      groups: [{ kind: 'tcp', count: 2 }, { kind: 'tcp', count: 1, variant: 'bbr' }],
      window_chart: {},
      sides: [{ name: 'FIFO', aqm: 'droptail', params: {} }],
    };
    const sim = new core.Simulation(JSON.stringify(scenario), 0);
    expect(sim.error()).toBe('');
    const names = JSON.parse(sim.columns()) as string[];
    sim.delete();
    expect(flowLines(metrics.cwnd, names).map((l) => l.suffix)).toEqual([' group 1 flow 1', ' group 2 flow 1']);
    expect(flowLines(metrics.pacing, names).map((l) => l.suffix)).toEqual([' group 2 flow 1']);
    if (!core.describeColumns) throw new Error('this core has no describeColumns');
    const table = JSON.parse(core.describeColumns()) as { flow: { name: string; unit: string }[] };
    expect(table.flow.map((c) => c.unit)).toEqual([metrics.cwnd.unit, metrics.pacing.unit]);
  });
});
