import type { SenderSpec } from '../aqm/sender-table';
import type { GroupFigures } from '../summary/run-summary';
import type { GroupSetup } from './group-setup';
import { lawPoint, lawRequest, type AskResponse } from './sender-prediction';

// The rate balance a coupled dual queue implies (RFC 9332 sec. 2.1): from
// the measured coupled marking rate p_CL and k, the base probability is
// p' = p_CL / k; the L queue's packets meet p_L = k p' and the Classic
// queue's p_C = p'^2. Each group's own response function at the probability
// of its queue and its measured round trip gives its predicted rate (the
// core's senderResponse), and the sums give the ratio of the L queue's
// groups to the Classic queue's, set against the ratio the run measured
// between their throughputs at the bottleneck. Which queue a group's packets
// take follows their codepoint: ECT(1) (Prague with ECN) to L, everything
// else (DCTCP's ECT(0) included) to Classic. The native step's marks are
// not in p_L: an L group the step marks meets more than k p'.

export type Queue = 'L' | 'C';

export interface BalanceRow {
  group: number;
  label: string;
  flows: number;
  queue: Queue;
  /** The probability the coupling gives its queue. */
  p: number;
  rttS: number;
  regionLabel: string;
  predictedMbps: number;
  /** Its throughput at the bottleneck (what the summary's group ratio compares). */
  measuredMbps: number;
}

export interface RateBalance {
  k: number;
  pCl: number;
  pBase: number;
  pL: number;
  pC: number;
  rows: BalanceRow[];
  /** L queue's groups over the Classic queue's, by their laws. */
  predictedRatio: number;
  /** The same from their measured throughputs. */
  measuredRatio: number;
}

/** The queue of DualPI2 a group's packets take. */
export function queueOf(spec: SenderSpec | undefined, setup: GroupSetup | null | undefined): Queue {
  return spec?.codepoint === 'ect1' && setup?.ecn === true ? 'L' : 'C';
}

/** The coupling's probabilities from the measured coupled rate: p' = p_CL / k, p_L = k p', p_C = p'^2. */
export function coupledProbabilities(pCl: number, k: number): { pBase: number; pL: number; pC: number } {
  const pBase = pCl / k;
  return { pBase, pL: k * pBase, pC: pBase * pBase };
}

const sum = (rows: readonly BalanceRow[], queue: Queue, key: 'predictedMbps' | 'measuredMbps') =>
  rows.filter((r) => r.queue === queue).reduce((s, r) => s + r[key], 0);

/** The predicted and measured balance, or why there is none. */
export async function predictBalance(
  ask: AskResponse,
  coupling: { pCl: number | null; k: number },
  groups: readonly GroupFigures[],
  senders: readonly SenderSpec[],
  setups: readonly (GroupSetup | null)[],
): Promise<RateBalance | string> {
  const { pCl, k } = coupling;
  if (pCl === null || !(pCl > 0)) return 'no coupled marks yet (p_CL = 0): the coupling predicts no balance';
  if (!(k > 0)) return 'the discipline has no coupling factor k';
  const { pBase, pL, pC } = coupledProbabilities(pCl, k);
  const crossing = groups.filter((g) => g.throughputMbps !== null && g.flows > 0);
  const rows: BalanceRow[] = [];
  for (const g of crossing) {
    const spec = senders.find((s) => s.name === g.sender);
    const setup = setups[g.group];
    const queue = queueOf(spec, setup);
    const name = `${spec?.label ?? g.sender} (group ${g.group + 1})`;
    const asked = lawRequest(spec, g.sender, setup, queue === 'L' ? pL : pC, g.rttMs);
    if (typeof asked === 'string') return `${name}: ${asked}`;
    const point = await lawPoint(ask, asked.request, g.flows, asked.setup);
    if (typeof point === 'string') return `${name}: ${point}`;
    if (point.limit !== null) return `${name}: ${point.limit}`;
    rows.push({ group: g.group, label: spec?.label ?? g.sender, flows: g.flows, queue, p: point.p, rttS: point.rttS, regionLabel: point.regionLabel, predictedMbps: point.predictedMbps, measuredMbps: g.throughputMbps ?? 0 });
  }
  if (!rows.some((r) => r.queue === 'L') || !rows.some((r) => r.queue === 'C')) {
    return 'the balance needs a group in each queue (ECT(1) senders in L, the others in Classic)';
  }
  const measuredC = sum(rows, 'C', 'measuredMbps');
  return {
    k,
    pCl,
    pBase,
    pL,
    pC,
    rows,
    predictedRatio: sum(rows, 'L', 'predictedMbps') / sum(rows, 'C', 'predictedMbps'),
    measuredRatio: measuredC > 0 ? sum(rows, 'L', 'measuredMbps') / measuredC : Number.NaN,
  };
}
