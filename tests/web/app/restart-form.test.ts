import { describe, expect, it } from 'vitest';
import { draftsOf, labelsOf, restartFieldErrors, withoutPath } from '../../../web/src/app/restart-form';
import { readSettings } from '../../../web/src/scenario/scenario-settings';
import { coreError, nodeCore, nodeCoreBuilt } from '../support/node-core';

// The restart form marks every refused field at once, each with the core's
// reason without its path, checked against the real core.

const scenario = JSON.stringify({
  duration_s: 30,
  bottleneck: { capacity_mbps: 10, buffer_pkts: 100, packet_bytes: 1500 },
  groups: [{ kind: 'tcp', count: 10, rtt_ms: { min: 40, max: 100 } }],
  sides: [{ aqm: 'red' }],
});

describe.skipIf(!nodeCoreBuilt)('the restart form against the core', () => {
  const check = async (json: string) => {
    const error = coreError(await nodeCore(), json);
    return error === '' ? null : error;
  };

  it('marks every refused field at once, under its own label, with the reason in words', async () => {
    const settings = readSettings(scenario)?.restart;
    if (!settings) throw new Error('settings');
    const current = draftsOf(settings);
    const drafts = { ...current, bufferPkts: '0', packetBytes: 'abc', durationS: '-5', seed: '7' };
    const errors = await restartFieldErrors(scenario, current, drafts, check);
    expect(Object.keys(errors).sort()).toEqual(['bufferPkts', 'durationS', 'packetBytes']);
    expect(errors.packetBytes).toBe('enter a number');
    for (const reason of [errors.bufferPkts, errors.durationS]) {
      expect(reason).toMatch(/^must /); // the reason, not "bottleneck.buffer_pkts: ..."
      expect(reason).not.toMatch(/bottleneck\.|duration_s/);
    }
    expect(labelsOf(errors)).toEqual(['Buffer', 'Packet size', 'Duration']);
  });

  it('finds nothing wrong with values the core takes', async () => {
    const settings = readSettings(scenario)?.restart;
    if (!settings) throw new Error('settings');
    const current = draftsOf(settings);
    expect(await restartFieldErrors(scenario, current, { ...current, bufferPkts: '250', seed: '3' }, check)).toEqual({});
  });
});

describe('withoutPath', () => {
  it('drops the core\'s field path and nothing else', () => {
    expect(withoutPath('bottleneck.buffer_pkts: must be in [1, 1000000], got 0')).toBe('must be in [1, 1000000], got 0');
    expect(withoutPath('groups[0].rtt_ms.min: must be <= max')).toBe('must be <= max');
    expect(withoutPath('the scenario is not JSON')).toBe('the scenario is not JSON');
  });
});
