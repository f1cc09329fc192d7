import type { SeriesStore } from '../charts/series-store';

// A coupled dual queue's measured signal rates (RFC 9332 sec. 2.1: the
// Classic probability p_C = p'^2 and the L queue's coupled p_CL = k p', so
// p_C = (p_CL / k)^2), read from the discipline's cumulative counters over
// a span of the run: the coupled marking rate counts only the L packets the
// native step left alone (aqm/dualpi2/README.md), the Classic rate every
// Classic packet judged. A discipline has a coupling view when it exposes
// these signals and a parameter k (DualPI2 does).

export const couplingSignals = {
  coupledMarks: 'aqm.coupled_marks',
  lUnstepped: 'aqm.l_unstepped',
  classicSignals: 'aqm.c_signals',
  classicJudged: 'aqm.c_departures',
  classicP: 'aqm.p_c',
  coupledP: 'aqm.p_cl',
} as const;

export interface CouplingMeasure {
  fromS: number;
  toS: number;
  k: number;
  /** Coupled marks / L packets the step left, over the span. */
  coupledRate: number | null;
  /** Classic drops and marks / Classic packets judged. */
  classicRate: number | null;
  /** The coupling's prediction from the measured coupled rate: (p_CL / k)^2. */
  predictedClassic: number | null;
  /** The time means of the sampled p_C and p_CL, and the prediction from the latter. */
  meanClassicP: number | null;
  meanCoupledP: number | null;
  predictedFromMean: number | null;
  lPackets: number;
  classicPackets: number;
}

export function hasCoupling(store: SeriesStore, params: Readonly<Record<string, number>>): boolean {
  return typeof params.k === 'number' && Object.values(couplingSignals).every((c) => store.columnIndex(c) >= 0);
}

/** p_C = (p_CL / k)^2. */
export function coupledClassic(pCl: number, k: number): number {
  return (pCl / k) ** 2;
}

function meanOver(store: SeriesStore, column: number, from: number): number | null {
  let sum = 0;
  let n = 0;
  for (let i = from; i < store.length; i++) {
    const v = store.at(column, i);
    if (Number.isFinite(v)) {
      sum += v;
      n++;
    }
  }
  return n > 0 ? sum / n : null;
}

/** The measured rates from the first sample at or after `fromS` (the warm-up) to the latest; null before two samples. */
export function measureCoupling(store: SeriesStore, k: number, fromS: number): CouplingMeasure | null {
  const t = store.columnIndex('t');
  if (t < 0 || store.length < 2) return null;
  const first = Math.min(store.lowerBound(t, fromS), store.length - 2);
  const last = store.length - 1;
  const delta = (name: string) => {
    const c = store.columnIndex(name);
    return store.at(c, last) - store.at(c, first);
  };
  const ratio = (num: number, den: number) => (den > 0 ? num / den : null);
  const lPackets = delta(couplingSignals.lUnstepped);
  const classicPackets = delta(couplingSignals.classicJudged);
  const coupledRate = ratio(delta(couplingSignals.coupledMarks), lPackets);
  const classicRate = ratio(delta(couplingSignals.classicSignals), classicPackets);
  const meanCoupledP = meanOver(store, store.columnIndex(couplingSignals.coupledP), first + 1);
  return {
    fromS: store.at(t, first),
    toS: store.at(t, last),
    k,
    coupledRate,
    classicRate,
    predictedClassic: coupledRate === null ? null : coupledClassic(coupledRate, k),
    meanClassicP: meanOver(store, store.columnIndex(couplingSignals.classicP), first + 1),
    meanCoupledP,
    predictedFromMean: meanCoupledP === null ? null : coupledClassic(meanCoupledP, k),
    lPackets,
    classicPackets,
  };
}
