import { useMemo } from 'react';
import type { SenderSpec } from '../aqm/sender-table';
import { formatValue } from '../lib/format';
import type { SpanSummary } from '../summary/run-summary';
import type { GroupSetup } from './group-setup';
import { predictGroups, signalWords, type GroupPrediction } from './sender-prediction';
import { typeset } from './tex';
import type { TheoryState } from './theory-state';
import { useCoreAnswer } from './use-core-answer';

// Each long-lived TCP group's response function at the signal ratio and
// round trip its run measured, beside the goodput it got (the per-sender
// table's figures, over the same span). The law's text is the catalogue's,
// its value the core's senderResponse; a group the law says nothing about
// says why.

const mbps = (v: number | null) => (v === null ? '–' : `${formatValue(v)} Mb/s`);

export function GroupResponse({ row }: { row: GroupPrediction }) {
  const { point, law } = row;
  const lawHtml = useMemo(() => (law ? typeset(law.tex, true) : ''), [law?.tex]);
  return (
    <div
      className="sender-response"
      data-testid={`sender-response-${row.group}`}
      data-sender={row.sender}
      data-measured={row.measuredMbps ?? undefined}
      data-predicted={point?.predictedMbps}
      data-ratio={row.ratio ?? undefined}
      data-region={point?.region}
      data-p={point?.p}
      data-rtt-s={point?.rttS}
      data-flows={row.flows}
    >
      <h5>
        {row.label} · group {row.group + 1} · {row.flows} {row.flows === 1 ? 'flow' : 'flows'}
      </h5>
      {law && <div className="law-tex" dangerouslySetInnerHTML={{ __html: lawHtml }} />}
      <table className="theory-numbers">
        <tbody>
          {point && law && (
            <>
              <tr>
                <th scope="row">p measured ({signalWords[law.signal]})</th>
                <td data-testid="response-p">{formatValue(point.p)}</td>
              </tr>
              <tr>
                <th scope="row">R measured (mean timed round trip)</th>
                <td data-testid="response-rtt">{formatValue(point.rttS * 1000)} ms</td>
              </tr>
              <tr>
                <th scope="row">Law at (p, R): window, piece</th>
                <td data-testid="response-region">
                  {formatValue(point.windowSegments)} segments, {point.regionLabel}
                </td>
              </tr>
              <tr>
                <th scope="row">Predicted rate ({row.flows} × {formatValue(point.perFlowMbps)} Mb/s)</th>
                <td data-testid="response-predicted">{mbps(point.predictedMbps)}</td>
              </tr>
            </>
          )}
          <tr>
            <th scope="row">Measured goodput</th>
            <td data-testid="response-measured">{mbps(row.measuredMbps)}</td>
          </tr>
          {row.ratio !== null && (
            <tr>
              <th scope="row">Measured / predicted</th>
              <td data-testid="response-ratio">{row.ratio.toFixed(2)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {row.why !== null && (
        <p className="theory-note" data-testid="response-none">
          {point ? 'The law does not apply here: ' : 'No prediction: '}
          {row.why}.
        </p>
      )}
    </div>
  );
}

export function SenderResponses({
  theory,
  senders,
  run,
  setups,
}: {
  theory: TheoryState;
  senders: readonly SenderSpec[];
  /** The side's run summary after the warm-up (its `groups`), or null before the first. */
  run: SpanSummary | null;
  /** Each group's setup as the scenario runs now (parameters, segment size, advertised window). */
  setups: readonly (GroupSetup | null)[];
}) {
  const groups = run?.groups ?? [];
  const key = groups.length === 0 ? null : JSON.stringify([groups, setups, senders.map((s) => s.name)]);
  const rows = useCoreAnswer(key, () => predictGroups((r) => theory.senderResponse(r), groups, senders, setups));
  if (groups.length === 0) return null;
  return (
    <div className="sender-responses" data-testid="sender-responses">
      <h4>Senders: response functions against the run</h4>
      <p className="theory-note">
        Each group's law W(p, R) (window in segments, rate W / R) evaluated by the core at the p and R its flows measured after the warm-up;
        the group's rate is its flows now times that, beside the goodput they got over the same span (a flow count changed in the span
        makes the comparison loose).
      </p>
      {rows === null ? <p className="theory-note">Asking the core…</p> : rows.map((row) => <GroupResponse key={row.group} row={row} />)}
    </div>
  );
}
