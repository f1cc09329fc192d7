import { Part } from '../../lesson/Part';
import { useState } from 'react';
import { sideColour } from '../../lib/colours';
import type { Lab } from '../../lab/lab';
import { sideNumbers } from '../../summary/side-numbers';
import { sideName, type SideStatus } from '../../lab/side-session';
import { useTicker } from '../use-lab';
import { formatNumber, formatValue } from '../../lib/format';
import { spanOf } from '../../summary/run-summary';
import { useRunSummaries, type SummaryPoller } from './use-run-summaries';
import { bestMeaning, bestPerColumn, queueColumns, shownColumns, summaryColumns, type ColumnSet } from '../../summary/summary-columns';
import { SideControls } from '../SideControls';
import { ClassTable } from './ClassTable';
import { QueueTable } from './QueueTable';
import { GroupTable } from './GroupTable';
import { SummaryControls } from './SummaryControls';
import { glossaryId } from '../aqm/glossary-terms';
import { BetterMark } from './BetterMark';
import { ProblemAlert } from '../../lib/ProblemList';

// One row per side: its name, discipline menu and state, then the core's run
// summary (after the warm-up), the best value of each column marked in bold
// with a star and the words "best" for screen readers. Cells have fixed widths
// and tabular numerals, and the star sits in the cell's free space rather than
// in the text, so streaming numbers and a moving best do not shift the columns.
// The table shows the run after the warm-up or one of the scenario's named
// windows, and the main figures or the queue's dynamics (SummaryControls).

const liveWindowS = 5;

interface SummaryTableProps {
  lab: Lab;
  statuses: readonly SideStatus[];
  poller: SummaryPoller;
}

function stateOf(status: SideStatus | undefined): string {
  return status?.failed ? 'stopped' : status?.done ? 'finished' : status?.playing ? 'running' : 'paused';
}

export function SummaryTable({ lab, statuses, poller }: SummaryTableProps) {
  const summaries = useRunSummaries(poller, lab, statuses);
  useTicker(250); // the live figures (time, flows) come from the sample stores
  // Every row reads its side at the time the page shows (what a side has past it is not shown yet);
  // with no side running (all failed or restarting) each row shows its last samples.
  const shownTime = statuses.some((s) => !s.failed && !s.restarting) ? lab.shownTime() : Infinity;
  const [chosenWindow, setWindow] = useState<string | null>(null);
  const [set, setSet] = useState<ColumnSet>('main');
  // Every side runs the same scenario: its windows are any side's.
  const windows = summaries.find((s) => s !== null)?.windows.map((w) => w.name) ?? [];
  const shownWindow = chosenWindow !== null && windows.includes(chosenWindow) ? chosenWindow : null;
  const spans = summaries.map((s) => spanOf(s ?? null, shownWindow));
  const best = bestPerColumn(spans);
  const columns = shownColumns(spans, set, shownWindow === null ? 'run' : 'window');
  const catalogue = lab.catalogue();
  const names = statuses.map((status, i) => sideName(status, i));
  const exportRows = () => statuses.map((status, i) => ({ side: names[i] ?? '', aqm: status.info?.aqm ?? '', summary: summaries[i] ?? null }));
  return (
    // A plain box: the scrolling region inside is the landmark (two regions with one name would be ambiguous).
    <div className="summary-panel">
      <SummaryControls windows={windows} shown={shownWindow} onWindow={setWindow} set={set} onSet={setSet} rows={exportRows} />
      {/* Focusable so a keyboard can scroll it when it is wider than the screen. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="summary-title" data-testid="summary-scroll">
        <table className="summary-table" data-testid="summary-table">
          <caption id="summary-title">
            {shownWindow === null ? 'Run summary after the warm-up' : `Summary over the window “${shownWindow}”`}, from each side's core (percentiles from its histograms).{' '}
            <span className="best-key">
              <strong>★</strong> best in its column
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="side-col">
                Side
              </th>
              <th scope="col" className="state-col">
                Now
              </th>
              {columns.map((c) => (
                <th scope="col" key={c.figure} className="num" title={c.help}>
                  {c.label}
                  <span className="unit">{c.kind === 'percent' ? '%' : c.unit}</span>
                  <BetterMark better={c.better} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {statuses.map((status, i) => {
              const side = lab.sides[i];
              if (!side) return null;
              const numbers = sideNumbers(side.store, liveWindowS, shownTime);
              const name = sideName(status, i);
              const summary = summaries[i] ?? null;
              const span = spans[i] ?? null;
              const state = stateOf(status);
              const warming = shownWindow === null && summary !== null && summary.measuredS <= 0;
              // The run has not reached the window's start yet.
              const waiting = shownWindow !== null && summary !== null && span === null;
              return (
                <tr
                  key={i}
                  // Raw numbers for tests and scripts; "NaN" until the side has samples.
                  data-testid={`side-${i}`}
                  data-name={name}
                  data-aqm={status.info?.aqm ?? ''}
                  data-applied={String(status.applied)}
                  data-state={state}
                  data-run={String(status.run)}
                  data-samples={String(numbers.samples)}
                  data-mean-queue={String(numbers.meanQueue)}
                  data-mean-delay={String(numbers.meanDelay)}
                  data-utilisation={String(numbers.utilisation)}
                  data-sim-time={String(numbers.time)}
                  data-flows={String(numbers.flows)}
                  data-measured={String(span?.measuredS ?? Number.NaN)}
                >
                  <th scope="row" className="side-col" style={{ borderLeftColor: sideColour(i) }}>
                    <span className="side-name">
                      <span className="swatch" style={{ background: sideColour(i) }} />
                      {name}
                      <span className="aqm-name">{status.info?.aqm ?? ''}</span>
                    </span>
                    <Part id="sides">
                      <SideControls lab={lab} index={i} status={status} catalogue={catalogue} sideCount={statuses.length} />
                    </Part>
                    {status.error && <ProblemAlert className="side-error" testId={`side-error-${i}`} message={status.error} />}
                  </th>
                  <td className="state-col">
                    <span className={`state state-${state}`}>{state}</span>
                    <span className="now">t {formatNumber(numbers.time, 1)} s</span>
                    <span className="now">flows {formatNumber(numbers.flows, 0)}</span>
                    <span className="now">live changes {status.applied}</span>
                  </td>
                  {columns.map((c) => {
                    const value = span?.[c.figure] ?? null;
                    const isBest = best.get(c.figure)?.has(i) ?? false;
                    return (
                      <td
                        key={c.figure}
                        className={isBest ? 'num best' : 'num'}
                        data-figure={c.figure}
                        data-best={isBest ? 'true' : undefined}
                        // A phone shows each row as a card; the column's name goes above its number (summary.css).
                        data-label={`${c.label} (${c.kind === 'percent' ? '%' : c.unit})`}
                      >
                        {warming || waiting ? (
                          <span className="pending">{warming ? 'warm-up' : 'not yet'}</span>
                        ) : isBest ? (
                          <strong>
                            <span className="best-star" aria-hidden="true">
                              ★
                            </span>
                            {formatValue(value ?? Number.NaN, c.kind)}
                            <span className="visually-hidden"> (best)</span>
                          </strong>
                        ) : (
                          formatValue(value ?? Number.NaN, c.kind)
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <QueueTable names={names} spans={spans} />
      <GroupTable names={names} spans={spans} senders={lab.senders()} />
      <ClassTable names={names} spans={spans} />
      <details className="glossary" data-testid="summary-glossary">
        <summary>What the columns mean</summary>
        <dl>
          {[...summaryColumns, ...queueColumns].map((c) => (
            <div key={c.figure} id={glossaryId(c.figure)}>
              <dt>
                {c.label}
                {c.unit && ` (${c.unit})`}
              </dt>
              <dd>
                {c.help} ★ marks {bestMeaning(c)}.
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
