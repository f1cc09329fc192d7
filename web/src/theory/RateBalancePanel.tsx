import { useMemo } from 'react';
import type { SenderSpec } from '../aqm/sender-table';
import type { SeriesStore } from '../charts/series-store';
import { formatValue } from '../lib/format';
import type { SpanSummary } from '../summary/run-summary';
import { measureCoupling } from './coupling';
import type { GroupSetup } from './group-setup';
import { predictBalance, type RateBalance } from './rate-balance';
import { typeset } from './tex';
import type { TheoryState } from './theory-state';
import { useCoreAnswer } from './use-core-answer';

// The rate balance a dual queue's coupling implies between its L and
// Classic senders (rate-balance.ts), beside the balance the run measured.

const lawTex = String.raw`\frac{r_L}{r_C} = \frac{\sum W_L(k p',\, R_L) / R_L}{\sum W_C(p'^2,\, R_C) / R_C},\quad p' = \frac{p_{CL}}{k}`;

const queueName = { L: 'L', C: 'Classic' } as const;

function BalanceTable({ b }: { b: RateBalance }) {
  return (
    <table className="theory-numbers" data-testid="balance-groups">
      <caption>
        p_CL = {formatValue(b.pCl)}, k = {b.k}: p′ = {formatValue(b.pBase)}, p_L = {formatValue(b.pL)}, p_C = {formatValue(b.pC)}
      </caption>
      <thead>
        <tr>
          <th scope="col">Group</th>
          <th scope="col">Queue, p, R</th>
          <th scope="col">Law's piece</th>
          <th scope="col">Predicted</th>
          <th scope="col">Measured throughput</th>
        </tr>
      </thead>
      <tbody>
        {b.rows.map((r) => (
          <tr key={r.group} data-testid={`balance-group-${r.group}`} data-predicted={r.predictedMbps} data-measured={r.measuredMbps}>
            <th scope="row">
              {r.label} · group {r.group + 1} · {r.flows} {r.flows === 1 ? 'flow' : 'flows'}
            </th>
            <td>
              {queueName[r.queue]}, {formatValue(r.p)}, {formatValue(r.rttS * 1000)} ms
            </td>
            <td>{r.regionLabel}</td>
            <td>{formatValue(r.predictedMbps)} Mb/s</td>
            <td>{formatValue(r.measuredMbps)} Mb/s</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RateBalancePanel({
  theory,
  store,
  k,
  fromS,
  senders,
  run,
  setups,
}: {
  theory: TheoryState;
  store: SeriesStore;
  k: number;
  fromS: number;
  senders: readonly SenderSpec[];
  run: SpanSummary | null;
  /** Each group's setup as the scenario runs now (groupSetups). */
  setups: readonly (GroupSetup | null)[];
}) {
  // p_CL is measured once per summary (not at every tick of the panel), so
  // the core is asked again only when the groups' figures move too.
  const pCl = useMemo(() => (run ? (measureCoupling(store, k, fromS)?.coupledRate ?? null) : null), [run, store, k, fromS]);
  const groups = run?.groups ?? [];
  const summaryRatio = run?.groupThroughputRatio ?? null;
  const key = groups.length === 0 ? null : JSON.stringify([pCl, k, groups, setups, senders.map((s) => s.name)]);
  const balance = useCoreAnswer(key, () => predictBalance((r) => theory.senderResponse(r), { pCl, k }, groups, senders, setups));
  const tex = useMemo(() => typeset(lawTex, true), []);
  if (groups.length === 0) return null;
  const b = typeof balance === 'string' ? null : balance;
  return (
    <div
      className="coupling"
      data-testid="rate-balance"
      data-predicted={b?.predictedRatio}
      data-measured={b?.measuredRatio}
      data-summary-ratio={b ? (summaryRatio ?? undefined) : undefined}
    >
      <h4>Rate balance the coupling implies</h4>
      <div className="law-tex" dangerouslySetInnerHTML={{ __html: tex }} />
      {balance === null && <p className="theory-note">Asking the core…</p>}
      {typeof balance === 'string' && (
        <p className="theory-note" data-testid="balance-none">
          No prediction: {balance}.
        </p>
      )}
      {b && (
        <>
          <BalanceTable b={b} />
          <table className="theory-numbers">
            <tbody>
              <tr>
                <th scope="row">L : Classic rate, predicted by the laws</th>
                <td data-testid="balance-predicted">{formatValue(b.predictedRatio)}</td>
              </tr>
              <tr>
                <th scope="row">L : Classic throughput, measured</th>
                <td data-testid="balance-measured">{formatValue(b.measuredRatio)}</td>
              </tr>
              {summaryRatio !== null && (
                <tr>
                  <th scope="row">The summary's sender ratio (largest over smallest)</th>
                  <td data-testid="balance-summary">{formatValue(summaryRatio)}</td>
                </tr>
              )}
            </tbody>
          </table>
          <p className="theory-note">
            Each group's own law at its queue's probability and its measured round trip (the Classic queue's target lengthens R_C). The
            step's marks are not in p_L: an L group the step marks meets more than k p′ and gets less than predicted.
          </p>
        </>
      )}
    </div>
  );
}
