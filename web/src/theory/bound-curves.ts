import { useEffect, useState } from 'react';
import type { Fields } from '../lib/json';
import { boundsRequest } from './bounds-request';
import { TheoryClient } from './theory-client';
import type { ResponseBounds } from './theory-json';

// The PI and REM response-time lower bounds (LRED paper, section III.C; the
// core's responseBounds) as curves for the experiment view's plot of the
// response time against the number of flows: its Fig. 4 with the simulated
// points beside the analysis, as the paper draws it. Only that plot gets
// them: an axis that sweeps a group's flow count and the `response_time_s`
// metric (the queue's settling time, core-cpp/SCENARIO.md "response").

export interface BoundCurve {
  label: string;
  /** [N, seconds], where the bound exists (a controller that never reaches p0 has none). */
  points: [number, number][];
}

/** The group whose flow count an experiment axis sweeps (`groups[k].count`), else null. */
export function flowAxisGroup(path: string): number | null {
  const match = /^groups\[(\d+|\*)\]\.count$/.exec(path);
  if (!match) return null;
  return match[1] === '*' ? 0 : Number(match[1]);
}

export const responseMetric = 'response_time_s';

export function boundCurves(bounds: ResponseBounds): BoundCurve[] {
  const curve = (label: string, values: readonly (number | null)[]): BoundCurve => ({
    label,
    points: bounds.flows.flatMap((n, i): [number, number][] => {
      const v = values[i];
      return v === null || v === undefined ? [] : [[n, v]];
    }),
  });
  return [curve('PI lower bound (LRED paper)', bounds.piS), curve('REM lower bound (LRED paper)', bounds.remS)].filter((c) => c.points.length > 0);
}

let shared: TheoryClient | null = null;

/**
 * The curves for a plot of `metric` against `axisPath` over the flow counts
 * `flows`, computed by the core in the theory worker for the base scenario's
 * network; [] for any other plot, while computing, or when the core refuses
 * (the plot then simply has no curves; the theory panel shows the reason).
 */
export function useBoundCurves(base: Fields, axisPath: string, metric: string, flows: readonly number[]): BoundCurve[] {
  const [curves, setCurves] = useState<BoundCurve[]>([]);
  const wanted = metric === responseMetric && flowAxisGroup(axisPath) !== null && flows.length > 0;
  const key = wanted ? `${JSON.stringify(base)}|${flows.join(',')}` : '';
  useEffect(() => {
    setCurves([]);
    if (!key) return;
    let live = true;
    shared ??= new TheoryClient();
    const client = shared;
    const scenario = JSON.stringify(base);
    void client.analyze(scenario, 0).then(async (analysis) => {
      const mapping = analysis.ok ? analysis.value.mapping : null;
      if (!mapping || !live) return;
      const bounds = await client.responseBounds({ ...boundsRequest(scenario, mapping), flows: [...new Set(flows)].sort((a, b) => a - b) });
      if (live && bounds.ok) setCurves(boundCurves(bounds.value));
    });
    return () => {
      live = false;
    };
    // `key` stands for the base and the flow counts.
  }, [key]);
  return curves;
}
