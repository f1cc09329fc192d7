import { describe, expect, it } from 'vitest';
import { readSenderTable } from '../../../web/src/aqm/sender-table';
import { readSettings } from '../../../web/src/scenario/scenario-settings';
import { withGroupVariant } from '../../../web/src/scenario/sender-settings';
import { loadCore } from '../support/real-core';
import { readSenderResponse } from '../../../web/src/theory/theory-json';

describe('the senders catalogue and a group variant', () => {
  it('reads the core catalogue, and a variant written by the page is one the core accepts', async () => {
    const core = await loadCore();
    if (!core.describeSenders) throw new Error('this core has no describeSenders');
    const table = readSenderTable(JSON.parse(core.describeSenders()));
    if (typeof table === 'string') throw new Error(table);
    expect(table.map((s) => s.name)).toEqual(['newreno', 'reno', 'cubic', 'bbr', 'dctcp', 'prague']);
    expect(table.find((s) => s.name === 'prague')).toMatchObject({ needs_ecn: true, codepoint: 'ect1', ecn: 'scalable' });
    // Which senders use SACK when a group does not say (the core's catalogue): today's, as in Linux.
    expect(table.filter((s) => s.sack).map((s) => s.name)).toEqual(['cubic', 'bbr', 'dctcp', 'prague']);
    expect(table.find((s) => s.name === 'cubic')?.params.map((p) => p.name)).toEqual([
      'c', 'beta', 'fast_convergence', 'reno_friendly', 'hystart',
    ]);

    const scenario = JSON.stringify({ groups: [{ kind: 'tcp', count: 4, variant: 'cubic', variant_params: { beta: 0.5 } }] });
    expect(readSettings(scenario)?.live.tcpVariant).toBe('cubic');
    const dctcp = withGroupVariant(scenario, 0, 'dctcp');
    if (typeof dctcp !== 'string') throw new Error(dctcp.error);
    // CUBIC's beta goes with CUBIC: DCTCP has no such parameter and the core would refuse it.
    expect(JSON.parse(dctcp)).toEqual({ groups: [{ kind: 'tcp', count: 4, variant: 'dctcp' }] });
    expect(JSON.parse(core.validateScenario(dctcp))).toEqual({ ok: true });
    expect(readSettings(dctcp)?.live.tcpVariant).toBe('dctcp');
    // Prague without ECN is the core's to refuse, naming the field.
    const prague = withGroupVariant(scenario, 0, 'prague');
    if (typeof prague !== 'string') throw new Error(prague.error);
    expect(JSON.parse(core.validateScenario(prague)).error).toContain('groups[0]');
    expect(withGroupVariant(scenario, 3, 'cubic')).toEqual({ error: 'groups[3]: no such group' });
  });

  it('reads each sender\'s response function: its law from the catalogue (none for BBR), its numbers from the core', async () => {
    const core = await loadCore();
    if (!core.describeSenders || !core.senderResponse) throw new Error('this core has no describeSenders or senderResponse');
    const table = readSenderTable(JSON.parse(core.describeSenders()));
    if (typeof table === 'string') throw new Error(table);
    expect(table.filter((s) => s.response === null).map((s) => s.name)).toEqual(['bbr']);
    expect(table.find((s) => s.name === 'prague')?.response?.signal).toBe('mark');
    expect(table.find((s) => s.name === 'newreno')?.response?.tex).toContain('\\sqrt{\\frac{3}{2p}}');
    const answer = readSenderResponse(core.senderResponse(JSON.stringify({ sender: 'newreno', params: {}, rtt_s: 0.05, segment_bytes: 1500, p: [0.01, 0.0001] })));
    if (!answer.ok) throw new Error(answer.error);
    // sqrt(3 / 2p) segments of 1500 B each 50 ms: 2.939 Mb/s at p = 0.01, ten times that at 1e-4.
    expect(answer.value.points.map((pt) => pt.rateMbps)).toEqual([expect.closeTo(2.93939, 5), expect.closeTo(29.3939, 4)]);
    expect(answer.value.points[0]?.region).toBe('square-root');
    // An older core's entry without a response reads as none; a malformed one is named.
    const entry = { name: 'x', label: 'X', source: 's', summary: 's', params: [], ecn: 'classic', codepoint: 'ect0', needs_ecn: false };
    expect(readSenderTable([entry])).toEqual([{ ...entry, response: null, sack: false }]);
    expect(readSenderTable([{ ...entry, sack: true }])).toEqual([{ ...entry, response: null, sack: true }]);
    expect(readSenderTable([{ ...entry, sack: 'yes' }])).toMatch(/describeSenders\[0\] \(x\)/);
    expect(readSenderTable([{ ...entry, response: { signal: 'drop', tex: '', constant: '', source: '' } }])).toMatch(/describeSenders\[0\] \(x\)/);
    expect(readSenderResponse('{"ok":true,"sender":"x","signal":"mark","points":[{"p":0.1,"window_segments":3,"region":"r"}]}')).toEqual({
      ok: false,
      error: "the core's answer: points[0].rate_mbps: missing",
    });
  });
});
