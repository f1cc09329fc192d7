import { memo, useEffect, useMemo, useSyncExternalStore } from 'react';
import { sideColour } from '../../lib/colours';
import type { Lab } from '../../lab/lab';
import type { SideInfo } from '../../protocol/protocol';
import { sliderIntervalMs } from '../../lib/throttle-latest';
import { findAqm, type AqmSpec } from '../../aqm/aqm-table';
import { buildParamControls } from '../../aqm/param-controls';
import { ParamPanelModel } from '../../aqm/param-panel-model';
import { ParamField } from './ParamField';
import { Part } from '../../lesson/Part';
import { useFiredEvents } from '../use-fired-events';
import { paramsNow } from '../../scenario/values-now';
import { numberField, readScenario } from '../../scenario/scenario-json';

// One side's parameter panel, generated from its discipline's table: what the
// discipline is, where it comes from, and one live control per parameter.

interface DisciplinePanelProps {
  lab: Lab;
  index: number;
  /** From the side's status: what its run is (the rest of the status, playing or not, does not show here). */
  info: SideInfo | null;
  aqms: readonly AqmSpec[];
}

// Memoised on those: a status change that leaves the run alone (a live change
// counted, play or pause) does not re-render six panels of controls.
export const DisciplinePanel = memo(function DisciplinePanel({ lab, index, info, aqms }: DisciplinePanelProps) {
  // The table this side's worker read with its run, so the panel changes only with the run.
  const spec = info ? findAqm(aqms, info.aqm) : undefined;
  const name = info?.sideName ?? `Side ${index + 1}`;
  return (
    <section
      className="discipline-panel"
      style={{ borderTopColor: sideColour(index) }}
      aria-label={`Side ${index + 1} parameters`}
      data-testid={`discipline-panel-${index}`}
      data-aqm={info?.aqm ?? ''}
    >
      <h2>
        <span className="swatch" style={{ background: sideColour(index) }} />
        {name} <span className="aqm-name">parameters</span>
      </h2>
      {info && <SideSetup info={info} aqms={aqms} index={index} />}
      {spec && (
        // Folded, so the parameters stay beside the charts on a projector.
        <details className="aqm-summary">
          <summary>About {spec.label}</summary>
          <p>
            {spec.summary} <cite>{spec.source}</cite>
          </p>
        </details>
      )}
      {spec && info && (
        // A new run (reset, switch) starts from the scenario's values: every run's
        // info is new, so the panel's model is rebuilt from them (and its fields'
        // drafts follow). The elements stay unless the discipline changed: six
        // panels of controls built again at every restart cost the frame after it.
        <ParamPanel key={spec.name} lab={lab} index={index} spec={spec} params={info.params} bufferPkts={info.bufferPkts ?? scenarioBuffer(lab)} />
      )}
    </section>
  );
});

/** What this side runs differently from the others: its own buffer, a switch of discipline mid-run. */
function SideSetup({ info, aqms, index }: { info: SideInfo; aqms: readonly AqmSpec[]; index: number }) {
  if (info.bufferPkts === undefined && info.switchTo === undefined) return null;
  const label = (aqm: string) => findAqm(aqms, aqm)?.label ?? aqm;
  return (
    <p className="side-setup" data-testid={`side-setup-${index}`}>
      {info.bufferPkts !== undefined && <span>Buffer {info.bufferPkts} packets (this side's own). </span>}
      {info.switchTo && (
        <span>
          {label(info.aqm)} until {info.switchTo.atS} s, then {label(info.switchTo.aqm)} (the queue is kept
          {info.switchTo.keepState
            ? ", and RED's running average when both keep one"
            : `, ${label(info.switchTo.aqm)} starts afresh`}
          ; the controls below are {label(info.aqm)}'s).
        </span>
      )}
    </p>
  );
}

interface ParamPanelProps {
  lab: Lab;
  index: number;
  spec: AqmSpec;
  params: Readonly<Record<string, number>>;
  /** The side's buffer, the bound of its queue-length sliders; null when the core's default applies. */
  bufferPkts: number | null;
}

/** The scenario's bottleneck buffer, when it sets one. */
function scenarioBuffer(lab: Lab): number | null {
  const scenario = lab.currentScenario;
  return scenario === null ? null : numberField(readScenario(scenario)?.bottleneck, 'buffer_pkts');
}

function ParamPanel({ lab, index, spec, params: atStart, bufferPkts }: ParamPanelProps) {
  // The values now: a replayed link's parameter changes that have acted included.
  const fired = useFiredEvents(lab);
  const params = useMemo(() => paramsNow(atStart, index, fired), [atStart, index, fired]);
  const model = useMemo(
    () =>
      new ParamPanelModel(
        buildParamControls(spec, params, bufferPkts),
        (name, value) => lab.setParam(index, spec.name, name, value),
        sliderIntervalMs,
      ),
    [lab, index, spec, params, bufferPkts],
  );
  useEffect(() => () => model.cancel(), [model]);
  const states = useSyncExternalStore(model.subscribe, model.snapshot);

  if (model.controls.length === 0) return <p className="param-none">{spec.label} has no parameters.</p>;
  return (
    <div className="param-grid" role="group" aria-label={`${spec.label} parameters`}>
      {model.controls.map((control) => {
        const state = states[control.name];
        return (
          state && (
            <Part key={control.name} id={`param:${control.name}`}>
            <ParamField
              key={control.name}
              id={`param-${index}-${control.name}`}
              control={control}
              state={state}
              onChange={(value) => model.set(control.name, value)}
              onRelease={() => {
                model.release(control.name);
                lab.endGesture();
              }}
            />
            </Part>
          )
        );
      })}
    </div>
  );
}
