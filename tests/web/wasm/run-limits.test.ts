import { describe, expect, it } from 'vitest';
import { readResult } from '../../../web/src/worker/core-json';
import { nodeCore, nodeCoreBuilt } from '../support/node-core';

// The worst case for memory in wasm: an open-loop source at its
// documented maximum over the slowest access link. It used to grow the heap
// by hundreds of MB per second until an abort reached the page as a bare
// number thrown from advance(); now advance() returns -1 at the packet
// limit, error() says why, and the heap stays bounded. The native side of
// the same case: tests/cpp/run/run_limits_test.cc and tests/cpp/cli/checks.sh.

const worstCase = JSON.stringify({
  duration_s: 10,
  warmup_s: 0,
  access_mbps: 0.01,
  groups: [{ kind: 'udp_cbr', count: 1, rate_mbps: 100000, packet_bytes: 40 }],
  sides: [{ aqm: 'droptail' }],
});

describe.skipIf(!nodeCoreBuilt)('a run at the packet limit in wasm', { timeout: 120_000 }, () => {
  it('ends with an error object naming the group, with the heap bounded', async () => {
    const core = await nodeCore();
    const sim = new core.Simulation(worstCase, 0);
    try {
      expect(sim.error()).toBe('');
      let samples = 0;
      while (!sim.done() && samples >= 0) samples = sim.advance(sim.now() + 1);
      expect(samples).toBe(-1);
      expect(sim.error()).toMatch(
        /^the run holds more than 4000000 packets at t = 0\.01\d* s, the most a run may hold; groups\[0\] \(udp_cbr\) holds \d+ of them/,
      );
      expect(sim.done()).toBe(false);
      // Failed for good: a later advance runs nothing and says the same.
      const at = sim.now();
      expect(sim.advance(5)).toBe(-1);
      expect(sim.now()).toBe(at);
      // The heap: 4,000,000 packets of 64 bytes and their pipe's ring, well
      // under 1 GiB (before, it grew until the 2 GiB maximum).
      const heap = (core as unknown as { HEAP8?: Int8Array }).HEAP8;
      expect(heap, 'the module exposes its heap').toBeDefined();
      expect(heap?.length ?? Infinity).toBeLessThan(1024 * 1024 * 1024);
      // Live events get the same error object, not a throw.
      expect(readResult(sim.apply('{"kind":"set_capacity","mbps":5}'))).toEqual({ ok: false, error: sim.error() });
    } finally {
      sim.delete();
    }
  });
});
