import { useEffect, useMemo, useRef, useState } from 'react';
import type { Lab } from '../lab/lab';
import type { SenderSpec } from '../aqm/sender-table';
import { buildParamControls, type ParamControl } from '../aqm/param-controls';
import { readSettings } from '../scenario/scenario-settings';
import { hasWindowChart, senderSettings, type SenderSetting } from '../scenario/sender-settings';
import { ParamField } from './aqm/ParamField';
import { LiveToggle } from './LiveToggle';
import { ProblemAlert } from '../lib/ProblemList';

// The senders of the scenario's long-lived TCP groups: for each, its
// congestion controller from the core's catalogue and that controller's
// parameter panel, generated from its table as the disciplines' are; and
// whether the run traces flows for the window chart. A flow's sender is
// built with it, so every change here restarts every side (on identical
// traffic); the fields change nothing until let go.

export function SendersBlock({ lab, scenario }: { lab: Lab; scenario: string }) {
  const groups = useMemo(() => senderSettings(scenario), [scenario]);
  const senders = lab.senders();
  if (groups.length === 0 || senders.length === 0) return null;
  const several = groups.length > 1;
  return (
    <div className="scenario-block" role="group" aria-label="Long-lived TCP flows' senders" data-testid="senders">
      {groups.map((g) => (
        <div key={g.group} className="traffic-group" data-testid={`sender-group-${g.group}`}>
          {several && <h3>Group {g.group + 1}: {g.count ?? 'default'} long-lived flows</h3>}
          <SenderSelect lab={lab} group={g.group} variant={g.variant} id={`sender-${g.group}`} />
          <SackToggle lab={lab} group={g.group} variant={g.variant} sack={g.sack} id={`sack-${g.group}`} />
          <SenderParams lab={lab} setting={g} spec={senderOf(senders, g.variant)} />
        </div>
      ))}
      {/* With one group the per-sender view is the link's own row; a scenario or link with `window_chart` shows it too. */}
      {(several || hasWindowChart(scenario)) && <WindowChartToggle lab={lab} on={hasWindowChart(scenario)} />}
    </div>
  );
}

/** The sender a group runs: its variant, or else the catalogue's first (the core's default). */
function senderOf(senders: readonly SenderSpec[], variant: string | null): SenderSpec | undefined {
  return senders.find((s) => s.name === (variant ?? senders[0]?.name));
}

/**
 * A TCP group's congestion controller, from the core's catalogue. A flow's
 * sender is fixed when it is built, so a choice restarts every side; a
 * sender that needs ECN is offered only when the run has it.
 */
export function SenderSelect({ lab, group, variant, id }: { lab: Lab; group: number; variant: string | null; id: string }) {
  const [error, setError] = useState<string | null>(null);
  const senders = lab.senders();
  if (senders.length === 0) return null;
  const current = variant ?? senders[0]?.name ?? '';
  const ecn = lab.currentScenario !== null && readSettings(lab.currentScenario)?.restart.ecn === true;
  const chosen = senderOf(senders, variant);
  return (
    <div className="live-field">
      <label className="restart-field" htmlFor={id}>
        <span>Sender (congestion control; restarts)</span>
        <select id={id} data-testid={id} value={current} onChange={(e) => void lab.edits.setGroupVariant(group, e.target.value).then(setError)}>
          {senders.map((s) => (
            <option key={s.name} value={s.name} disabled={s.needs_ecn && !ecn}>
              {s.label}
              {s.needs_ecn && !ecn ? ' (needs ECN: turn it on under Needs a restart)' : ''}
            </option>
          ))}
        </select>
      </label>
      {chosen && <p className="scenario-note">{chosen.summary}</p>}
      {error && <ProblemAlert message={error} />}
    </div>
  );
}

/**
 * A TCP group's SACK (its `sack`): shown as the group runs it, the
 * scenario's value or else its sender's default; a change restarts every side.
 */
export function SackToggle({ lab, group, variant, sack, id }: { lab: Lab; group: number; variant: string | null; sack: boolean | null; id: string }) {
  const senders = lab.senders();
  // Until the core's catalogue has come, the sender's default is unknown: no box rather than a wrong one.
  if (senders.length === 0) return null;
  const now = sack ?? senderOf(senders, variant)?.sack ?? false;
  return (
    <LiveToggle id={id} now={now} act={(next) => lab.edits.setGroupSack(group, next)}>
      SACK: the receiver reports the blocks it holds (RFC 2018) and the sender repairs every hole they show within a round trip (RFC 6675) (restarts)
    </LiveToggle>
  );
}

/** The controller's parameters: the scenario's values, the table's defaults for the rest. */
function SenderParams({ lab, setting, spec }: { lab: Lab; setting: SenderSetting; spec: SenderSpec | undefined }) {
  const controls = useMemo(() => (spec ? buildParamControls(spec, setting.params) : []), [spec, setting.params]);
  if (!spec || controls.length === 0) return null;
  return (
    <div className="param-grid" role="group" aria-label={`${spec.label} parameters, group ${setting.group + 1}`}>
      {controls.map((control) => (
        <SenderParam key={`${spec.name}-${control.name}`} lab={lab} setting={setting} control={control} />
      ))}
    </div>
  );
}

/** One field: moves freely, and on release rewrites the group's parameters (a restart); a refusal rolls it back. */
function SenderParam({ lab, setting, control }: { lab: Lab; setting: SenderSetting; control: ParamControl }) {
  const [value, setValue] = useState(control.initial);
  const [error, setError] = useState<string | null>(null);
  // The value moved to, read on release (a typed value is set and released in one go), and the one in flight.
  const latest = useRef(control.initial);
  const sending = useRef<number | null>(null);
  useEffect(() => {
    latest.current = control.initial;
    setValue(control.initial);
  }, [control.initial]);
  const release = () => {
    const next = latest.current;
    if (next === control.initial || next === sending.current) return;
    sending.current = next;
    void lab.edits.setGroupParams(setting.group, { ...setting.params, [control.name]: next }).then((problem) => {
      sending.current = null;
      setError(problem);
      if (problem !== null) {
        latest.current = control.initial;
        setValue(control.initial);
      }
    });
  };
  return (
    <ParamField
      id={`sender-param-${setting.group}-${control.name}`}
      control={control}
      state={{ value, accepted: control.initial, error }}
      onChange={(v) => {
        latest.current = v;
        setValue(v);
      }}
      onRelease={release}
    />
  );
}

function WindowChartToggle({ lab, on }: { lab: Lab; on: boolean }) {
  return (
    <LiveToggle id="window-chart" now={on} act={(next) => lab.edits.setWindowChart(next)}>
      Window chart: the first flow of each group (restarts)
    </LiveToggle>
  );
}
