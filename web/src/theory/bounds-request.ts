import { isRecord, parseJson } from '../lib/json';
import { liveParams } from './live-params';
import type { Mapping } from './theory-json';

// What the theory panel asks the core's responseBounds for: the PI and REM
// response-time lower bounds of the LRED paper (its section III.C) for the
// network the core mapped the scenario onto, at flow counts around the
// scenario's own N (a quarter of it to four times it: the paper's sweep of
// 100 to 1000 flows belongs to its 15 Mb/s link, where the lab's 10 Mb/s
// default would need a drop rate above 1). The controllers' settings are
// those of the first PI and the first REM side, with their live changes;
// without such a side the core uses its own defaults.

/** Multiples of the scenario's N the table lists. */
export const flowMultiples: readonly number[] = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];

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
    flows: [...new Set(flowMultiples.map((k) => Math.max(1, Math.round(k * mapping.flows))))].sort((a, b) => a - b),
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
