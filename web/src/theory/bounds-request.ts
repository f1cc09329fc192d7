import { isRecord, parseJson } from '../lib/json';
import { liveParams } from './live-params';
import type { Mapping } from './theory-json';

// What the theory panel asks the core's responseBounds for: the PI and REM
// response-time lower bounds of the LRED paper (its section III.C) for the
// network the core mapped the scenario onto, over the paper's experiment 1
// sweep of flow counts (100 to 1000) and the scenario's own N. The
// controllers' settings are those of the first PI and the first REM side, with
// their live changes; without such a side the core uses its own defaults.

/** LRED experiment 1's flow counts. */
export const paperFlows: readonly number[] = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000];

function firstSide(sides: readonly unknown[], aqm: string): number {
  return sides.findIndex((s) => isRecord(s) && s.aqm === aqm);
}

function pick(params: Record<string, number>, names: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of names) if (params[name] !== undefined) out[name] = params[name];
  return out;
}

export function boundsRequest(scenario: string, mapping: Mapping): object {
  const value = parseJson(scenario);
  const sides = isRecord(value) && Array.isArray(value.sides) ? value.sides : [];
  const request: Record<string, unknown> = {
    capacity_pps: mapping.capacityPps,
    rtt_s: mapping.rttS,
    buffer_pkts: mapping.bufferPkts,
    flows: [...new Set([...paperFlows, Math.max(1, Math.round(mapping.flows))])].sort((a, b) => a - b),
  };
  const pi = firstSide(sides, 'pi');
  const rem = firstSide(sides, 'rem');
  if (pi >= 0) {
    const params = liveParams(scenario, pi, {});
    request.pi = pick(params, ['a', 'b', 'freq_hz']);
    if (params.qref !== undefined) request.q0 = params.qref;
  }
  if (rem >= 0) {
    const params = liveParams(scenario, rem, {});
    request.rem = pick(params, ['gamma', 'alpha', 'phi', 'interval_ms']);
    if (request.q0 === undefined && params.q0 !== undefined) request.q0 = params.q0;
  }
  return request;
}
