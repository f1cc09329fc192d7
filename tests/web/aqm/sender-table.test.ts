import { describe, expect, it } from 'vitest';
import { readSenderTable } from '../../../web/src/aqm/sender-table';
import { readSettings } from '../../../web/src/scenario/scenario-settings';
import { withGroupVariant } from '../../../web/src/scenario/sender-settings';
import { loadCore } from '../support/real-core';

describe('the senders catalogue and a group variant', () => {
  it('reads the core catalogue, and a variant written by the page is one the core accepts', async () => {
    const core = await loadCore();
    if (!core.describeSenders) throw new Error('this core has no describeSenders');
    const table = readSenderTable(JSON.parse(core.describeSenders()));
    if (typeof table === 'string') throw new Error(table);
    expect(table.map((s) => s.name)).toEqual(['newreno', 'reno', 'cubic', 'bbr', 'dctcp', 'prague']);
    expect(table.find((s) => s.name === 'prague')).toMatchObject({ needs_ecn: true, codepoint: 'ect1', ecn: 'scalable' });
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
});
