import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { readSettings, type AddableKind, type LiveSettings, type RestartSettings } from '../scenario/scenario-settings';
import type { TimelineEvent } from '../protocol/protocol';
import type { Lab } from '../lab/lab';
import { LiveField } from './LiveField';
import { LiveToggle } from './LiveToggle';
import { messageOf } from '../lib/errors';
import { useLiveValue } from './live-value';
import { useFiredEvents } from './use-fired-events';
import { draftsOf, labelsOf, restartFieldErrors, restartFields, settingsOf, withoutPath, type FieldErrors } from './restart-form';
import { liveSettingsNow } from '../scenario/values-now';
import type { SideStatus } from '../lab/side-session';
import { Part } from '../lesson/Part';
import { SackToggle, SendersBlock, SenderSelect } from './SendersBlock';
import './lab-controls.css';
import { ProblemAlert } from '../lib/ProblemList';

// The scenario's traffic and link, shared by every side. Values with a
// timeline event act live, at one simulated time on every side, and show as
// marks on the time axis (LivePanel, beside the main charts); the others
// rewrite the scenario and restart every side from t = 0, which the block says
// on its button (ScenarioPanel, with the timeline of changes).

interface ScenarioPanelProps {
  lab: Lab;
  statuses: readonly SideStatus[];
}

function useSettings(lab: Lab, statuses: readonly SideStatus[]) {
  const scenario = lab.currentScenario;
  const settings = useMemo(() => (scenario === null ? null : readSettings(scenario)), [scenario]);
  return settings && statuses.some((s) => s.info !== null) ? settings : null;
}

/** The live controls: capacity, flows, delay and the traffic groups the scenario has. */
export function LivePanel({ lab, statuses }: ScenarioPanelProps) {
  const settings = useSettings(lab, statuses);
  // The values now: the scenario's timed events (a link's replayed changes) that have acted included.
  const fired = useFiredEvents(lab);
  const live = useMemo(() => (settings ? liveSettingsNow(settings.live, fired) : null), [settings, fired]);
  return live ? <LiveBlock key={`live-${lab.generation}`} lab={lab} live={live} /> : null;
}

export function ScenarioPanel({ lab, statuses }: ScenarioPanelProps) {
  const settings = useSettings(lab, statuses);
  return (
    <section className="scenario-panel" aria-labelledby="scenario-title" data-testid="scenario-panel">
      <h2 id="scenario-title">Scenario (every side)</h2>
      {settings ? (
        <div className="scenario-blocks">
          {(settings.live.shortGroup === null || settings.live.onoffGroup === null) && (
            <div className="scenario-block add-traffic" role="group" aria-label="Add traffic">
              {settings.live.shortGroup === null && <ShortFlows lab={lab} live={settings.live} />}
              {settings.live.onoffGroup === null && <OnOffSources lab={lab} live={settings.live} />}
            </div>
          )}
          {lab.currentScenario !== null && <SendersBlock lab={lab} scenario={lab.currentScenario} />}
          <RestartBlock key={`restart-${lab.generation}`} lab={lab} settings={settings.restart} hasOnOff={settings.live.onoffGroup !== null} />
        </div>
      ) : (
        <p>Waiting for the first run…</p>
      )}
      <EventMarks lab={lab} />
    </section>
  );
}

function LiveBlock({ lab, live }: { lab: Lab; live: LiveSettings }) {
  const run = lab.generation;
  const all = (event: TimelineEvent) => lab.applyEverywhere(event);
  const end = () => lab.endGesture();
  const capacity = useLiveValue(live.capacityMbps, run, { label: 'Capacity', name: 'mbps' }, (mbps) => all({ kind: 'set_capacity', mbps }), end);
  const delay = useLiveValue(live.delayMs, run, { label: 'Bottleneck delay', name: 'delay_ms' }, (delay_ms) => all({ kind: 'set_delay', delay_ms }), end);
  const flows = useLiveValue(live.tcpFlows, run, { label: 'Long-lived TCP flows', name: 'count' }, (count) => all({ kind: 'set_flows', group: live.tcpGroup ?? 0, count }), end);
  return (
    <fieldset className="scenario-block" data-testid="scenario-live">
      <legend>Live: acts now, on every side</legend>
      <Part id="capacity">
        <LiveField id="capacity" label="Capacity" unit="Mb/s" live={capacity} slider={{ min: 1, max: 100, step: 0.5 }} />
      </Part>
      <Part id="delay">
        <LiveField id="delay" label="Bottleneck delay (one way)" unit="ms" live={delay} step={1} />
      </Part>
      {live.tcpGroup !== null && (
        <Part id="flows">
          <LiveField id="flows" label="Long-lived TCP flows" unit="" live={flows} slider={{ min: 0, max: 300, step: 1 }} />
        </Part>
      )}
      {live.shortGroup !== null && (
        <Part id="short-flows">
          <ShortFlows lab={lab} live={live} />
        </Part>
      )}
      {live.onoffGroup !== null && (
        <Part id="onoff">
          <OnOffSources lab={lab} live={live} />
        </Part>
      )}
    </fieldset>
  );
}

function ShortFlows({ lab, live }: { lab: Lab; live: LiveSettings }) {
  const group = live.shortGroup;
  const rate = useLiveValue(
    live.shortRate,
    lab.generation,
    { label: 'Arrival rate', name: 'rate' },
    (r) => lab.applyEverywhere({ kind: 'set_rate', group: group ?? 0, rate: r }),
    () => lab.endGesture(),
  );
  return (
    <div className="traffic-group" role="group" aria-label="Short TCP flows">
      <h3>Short TCP flows</h3>
      {group === null ? (
        <AddGroupButton lab={lab} kind="short_tcp" label="Add short TCP flows" />
      ) : (
        <>
          <GroupToggle lab={lab} group={group} now={live.shortOn} id="short-on" label="Short TCP arrivals on" />
          <LiveField id="short-rate" label="Arrival rate" unit="flows/s" live={rate} slider={{ min: 1, max: 200, step: 1 }} />
          <SenderSelect lab={lab} group={group} variant={live.shortVariant} id="short-sender" />
          <SackToggle lab={lab} group={group} variant={live.shortVariant} sack={live.shortSack} id="short-sack" />
        </>
      )}
    </div>
  );
}

function OnOffSources({ lab, live }: { lab: Lab; live: LiveSettings }) {
  const group = live.onoffGroup;
  const all = (event: TimelineEvent) => lab.applyEverywhere(event);
  const end = () => lab.endGesture();
  const count = useLiveValue(live.onoffCount, lab.generation, { label: 'Sources', name: 'count' }, (n) => all({ kind: 'set_flows', group: group ?? 0, count: n }), end);
  const peak = useLiveValue(live.onoffPeakMbps, lab.generation, { label: 'Rate while on', name: 'rate' }, (r) => all({ kind: 'set_rate', group: group ?? 0, rate: r }), end);
  return (
    <div className="traffic-group" role="group" aria-label="UDP on/off sources">
      <h3>UDP on/off sources</h3>
      {group === null ? (
        <AddGroupButton lab={lab} kind="onoff" label="Add UDP on/off sources" />
      ) : (
        <>
          <GroupToggle lab={lab} group={group} now={live.onoffOn} id="onoff-on" label="On/off sources on" />
          <LiveField id="onoff-count" label="Sources" unit="" live={count} slider={{ min: 0, max: 200, step: 1 }} />
          <LiveField id="onoff-peak" label="Rate while on (per source)" unit="Mb/s" live={peak} />
        </>
      )}
    </div>
  );
}

/** A group on or off, at one time on every side; a click is a whole gesture, so its change shows at once. */
function GroupToggle({ lab, group, now, id, label }: { lab: Lab; group: number; now: boolean; id: string; label: string }) {
  const act = (next: boolean): Promise<string | null> => {
    const applied = lab.applyEverywhere({ kind: next ? 'group_on' : 'group_off', group });
    lab.endGesture();
    return applied.then(
      () => null,
      (e: unknown) => messageOf(e),
    );
  };
  return (
    <LiveToggle id={id} now={now} act={act}>
      {label}
    </LiveToggle>
  );
}

function AddGroupButton({ lab, kind, label }: { lab: Lab; kind: AddableKind; label: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="live-field">
      <p className="scenario-note">The scenario has none. Adding them restarts every side from t = 0.</p>
      <button type="button" data-testid={`add-${kind}`} onClick={() => void lab.edits.addGroup(kind).then(setError)}>
        {label} (restarts)
      </button>
      {error && <ProblemAlert message={error} />}
    </div>
  );
}

function RestartBlock({ lab, settings, hasOnOff }: { lab: Lab; settings: RestartSettings; hasOnOff: boolean }) {
  const [drafts, setDrafts] = useState(() => draftsOf(settings));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setDrafts(draftsOf(settings)), [settings]);
  const set = (key: keyof RestartSettings, value: string) => setDrafts((d) => ({ ...d, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const scenario = lab.currentScenario;
    if (scenario === null) return;
    setBusy(true);
    // Every changed field on its own first, so all the refused ones are marked at once.
    const errors = await restartFieldErrors(scenario, draftsOf(settings), drafts, (json) => lab.check(json));
    setFieldErrors(errors);
    const labels = labelsOf(errors);
    if (labels.length > 0) {
      setBusy(false);
      setError(`${labels.length === 1 ? 'One value needs' : `${labels.length} values need`} changing before the restart: ${labels.join(', ')}.`);
      return;
    }
    const problem = await lab.edits.applyRestartSettings(settingsOf(drafts));
    setBusy(false);
    setError(problem === null ? null : `These values are fine alone but not together: ${withoutPath(problem)}`);
  };
  return (
    <form className="scenario-block" onSubmit={(e) => void submit(e)} noValidate data-testid="scenario-restart" aria-describedby="restart-note">
      <fieldset>
        <legend>Needs a restart</legend>
        <p id="restart-note" className="scenario-note">
          These change the run itself: every side restarts from t = 0 (live changes are dropped).
        </p>
        <div className="restart-grid">
          {restartFields
            .filter((f) => hasOnOff || !f.onoff)
            .filter((f) => f.key !== 'onoffShape' || drafts.onoffLaw === 'pareto')
            .map((f) => (
              <label key={f.key} className="restart-field">
                <span>
                  {f.label}
                  {f.unit && ` (${f.unit})`}
                </span>
                <input
                  type="number"
                  step="any"
                  data-testid={`restart-${f.key}`}
                  value={drafts[f.key]}
                  placeholder="default"
                  aria-invalid={fieldErrors[f.key] !== undefined ? true : undefined}
                  aria-describedby={fieldErrors[f.key] !== undefined ? `restart-${f.key}-error` : undefined}
                  onChange={(e) => set(f.key, e.target.value)}
                />
                {fieldErrors[f.key] !== undefined && (
                  <span id={`restart-${f.key}-error`} className="field-error" data-testid={`restart-${f.key}-error`}>
                    {fieldErrors[f.key]}
                  </span>
                )}
              </label>
            ))}
          {hasOnOff && (
            <label className="restart-field">
              <span>On/off period law</span>
              <select data-testid="restart-onoffLaw" value={drafts.onoffLaw} onChange={(e) => set('onoffLaw', e.target.value)}>
                <option value="">default (exponential)</option>
                <option value="exponential">exponential</option>
                <option value="pareto">Pareto (bursty)</option>
              </select>
            </label>
          )}
          <label className="restart-field restart-check">
            <input
              type="checkbox"
              data-testid="restart-ecn"
              checked={drafts.ecn === 'on'}
              onChange={(e) => set('ecn', e.target.checked ? 'on' : '')}
            />
            <span>ECN (mark instead of drop; TCP flows ECN-capable)</span>
          </label>
        </div>
        <button type="submit" data-testid="apply-restart" disabled={busy}>
          Apply &amp; restart
        </button>
        {error && <ProblemAlert testId="restart-error" message={error} />}
      </fieldset>
    </form>
  );
}

/** The run's changes, newest first, as text (the charts draw them as marks); a drag is one change. */
function EventMarks({ lab }: { lab: Lab }) {
  const changes = lab.changes();
  if (changes.length === 0) return null;
  return (
    <details className="event-marks" data-testid="event-marks">
      <summary>Timeline: {changes.length === 1 ? '1 change' : `${changes.length} changes`}</summary>
      <ol>
        {[...changes].reverse().slice(0, 50).map((c, i) => (
          <li key={`${c.t}-${i}`} data-testid="change">
            <span className="mark-time">{c.t.toFixed(2)} s</span> {c.label}
            {c.events > 1 && <span className="mark-steps"> ({c.events} steps)</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}
