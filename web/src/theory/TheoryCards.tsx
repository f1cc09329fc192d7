import { useMemo } from 'react';
import type { AqmLaw } from '../aqm/aqm-table';
import type { SenderSpec } from '../aqm/sender-table';
import type { SpanSummary } from '../summary/run-summary';
import type { SeriesStore } from '../charts/series-store';
import { isRecord } from '../lib/json';
import { bufferPackets } from '../scenario/side-info';
import { numberField, readScenario } from '../scenario/scenario-json';
import { BoundsTable } from './BoundsTable';
import { LawPanel } from './LawPanel';
import { liveParams } from './live-params';
import { QueueDistribution } from './QueueDistribution';
import { StabilityPanel } from './StabilityPanel';
import { useTicker } from '../lib/use-ticker';
import { useTheory } from './use-theory';
import { CouplingPanel } from './CouplingPanel';
import { groupSetups } from './group-setup';
import { hasCoupling } from './coupling';
import { RateBalancePanel } from './RateBalancePanel';
import { SenderResponses } from './SenderResponses';
import type { TheorySnapshot, TheoryState } from './theory-state';
import { ProblemAlert } from '../lib/ProblemList';

// The theory panel's content, loaded when the panel first opens (it brings
// KaTeX): per side, its law with live values, its stability as the papers
// judge it (badge, rule, numbers, Bode plot), a dual queue's coupling and
// the rate balance it implies, each sender group's response function
// against its run, and its queue-length distribution beside the MMPP model.

/** What the panel needs to know about a side (the Workbench hands it in). */
export interface TheorySideView {
  name: string;
  aqm: string;
  /** The discipline's label and the core's one-line summary of it. */
  label: string;
  summary: string;
  /** Its law as the catalogue teaches it (null: registered without law text). */
  law: AqmLaw | null;
  /** Effective parameters at run start; live set_param changes are laid over them. */
  params: Readonly<Record<string, number>>;
  store: SeriesStore;
  colour: string;
  /** The core's catalogue of senders (each one's response function). */
  senders: readonly SenderSpec[];
  /** The side's run summary after the warm-up (its per-group figures), or null before the first. */
  run: SpanSummary | null;
}

interface ScenarioFacts {
  warmupS: number;
  buffers: number[];
}

function scenarioFacts(scenario: string | null, sides: number): ScenarioFacts {
  const fields = scenario === null ? null : readScenario(scenario);
  const shared = bufferPackets(fields) ?? 0;
  const entries = fields && Array.isArray(fields.sides) ? fields.sides : [];
  return {
    warmupS: numberField(fields, 'warmup_s') ?? 0,
    buffers: Array.from({ length: sides }, (_, i) => {
      const own = entries[i];
      return isRecord(own) && typeof own.buffer_pkts === 'number' ? own.buffer_pkts : shared;
    }),
  };
}

/** The scenario's flow count as the core mapped it, rounded as the bounds table lists it. */
function currentFlows(snapshot: TheorySnapshot): number | null {
  const flows = snapshot.sides.find((s) => s.analysis?.mapping)?.analysis?.mapping?.flows;
  return flows === undefined ? null : Math.max(1, Math.round(flows));
}

export function TheoryCards({ theory, sides }: { theory: TheoryState; sides: readonly TheorySideView[] }) {
  const snapshot = useTheory(theory);
  useTicker(1000); // live values and histograms read the sample stores
  const facts = scenarioFacts(snapshot.scenario, sides.length);
  const setups = useMemo(() => groupSetups(snapshot.scenario), [snapshot.scenario]);
  return (
    <>
      <p className="theory-note" role="status">
        {snapshot.computing ? 'Computing the models…' : snapshot.scenario === null ? 'Waiting for the first run…' : 'Computed by the core in a worker from the scenario as it runs now, live changes included.'}
      </p>
      <div className="theory-cards">
        {sides.map((side, i) => {
          const result = snapshot.sides[i];
          const analysis = result?.analysis ?? null;
          const params = liveParams(snapshot.scenario, i, side.params);
          return (
            <section key={i} className="theory-card" data-testid={`theory-side-${i}`} aria-label={`Theory for ${side.name}`} style={{ borderTopColor: side.colour }}>
              <h3>
                {side.name} <span className="theory-aqm">({side.label})</span>
              </h3>
              <LawPanel law={side.law} summary={side.summary} params={params} store={side.store} />
              {result?.error && <ProblemAlert lead="Theory unavailable: " message={result.error} />}
              {analysis && (
                <>
                  <h4>Stability</h4>
                  <StabilityPanel stability={analysis.stability} label={side.name} />
                  {analysis.equilibrium && (
                    <p
                      className="equilibrium"
                      data-testid="equilibrium"
                      data-w0={analysis.equilibrium.w0}
                      data-p0={analysis.equilibrium.p0}
                      data-q0={analysis.equilibrium.q0 ?? undefined}
                    >
                      Fluid-model equilibrium: W₀ = {analysis.equilibrium.w0.toFixed(2)} packets, p₀ = {analysis.equilibrium.p0.toPrecision(3)}, R₀ ={' '}
                      {(analysis.equilibrium.r0 * 1000).toFixed(0)} ms
                      {analysis.equilibrium.q0 !== null && `, q₀ = ${analysis.equilibrium.q0.toFixed(1)} packets`}
                    </p>
                  )}
                  {hasCoupling(side.store, params) && (
                    <>
                      <CouplingPanel store={side.store} k={params.k ?? Number.NaN} fromS={facts.warmupS} />
                      <RateBalancePanel
                        theory={theory}
                        store={side.store}
                        k={params.k ?? Number.NaN}
                        fromS={facts.warmupS}
                        senders={side.senders}
                        run={side.run}
                        setups={setups}
                      />
                    </>
                  )}
                  {analysis.notes.length > 0 && (
                    <ul className="theory-notes" data-testid="theory-notes">
                      {analysis.notes.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  )}
                </>
              )}
              <SenderResponses theory={theory} senders={side.senders} run={side.run} setups={setups} />
              <h4>Queue-length distribution</h4>
              <QueueDistribution
                store={side.store}
                fromS={facts.warmupS}
                buffer={facts.buffers[i] ?? 0}
                model={analysis?.queueModel ?? null}
                colour={side.colour}
                label={side.name}
              />
            </section>
          );
        })}
      </div>
      {snapshot.bounds && (
        <BoundsTable bounds={snapshot.bounds} currentFlows={currentFlows(snapshot)} />
      )}
    </>
  );
}
