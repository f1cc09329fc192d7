import { findAqm, type AqmSpec } from '../aqm/aqm-table';
import { withDiscipline, withSideAdded, withSideDuplicated, withSideRemoved, withSideRenamed, type Edited } from '../scenario/side-edits';
import { withGroupAdded, withRestartSettings, type AddableKind, type RestartSettings } from '../scenario/scenario-settings';
import { withGroupParams, withGroupSack, withGroupVariant, withWindowChart } from '../scenario/sender-settings';

// What the page's scenario controls change in the scenario every side runs:
// each edit is checked as it is made (a refusal names the field and leaves
// the lab as it was), and what the run cannot take live restarts every side
// from t = 0 on the edited scenario, so the sides keep identical traffic.
// Renaming a side is only a label: the run goes on.

/** What an edit needs of the lab (lab.ts). */
export interface EditedLab {
  /** The scenario every side runs, or null before the first run is ready. */
  scenario(): string | null;
  catalogue(): readonly AqmSpec[];
  /** Every side from t = 0 on `scenario`; side `removed` goes. */
  restartAll(scenario: string, removed: number | null): void;
  /** The core checks `scenario`, then every side restarts on it; the core's message, or null. */
  load(scenario: string): Promise<string | null>;
  /** The same run under a scenario that only renames side `side` to `shown`. */
  relabel(scenario: string, side: number, shown: string): void;
}

export class ScenarioEdits {
  constructor(private readonly lab: EditedLab) {}

  /**
   * Puts discipline `aqm` on one side. Every side restarts from time zero on
   * the same scenario and seed, only that side's entry changed: the traffic
   * stays identical and the charts stay aligned in time, which restarting one
   * side alone (at zero while the other is minutes in) would break.
   * Returns an error message, or null once the restart is under way.
   */
  switchDiscipline(sideIndex: number, aqm: string): string | null {
    const spec = findAqm(this.lab.catalogue(), aqm);
    if (!spec) return `${aqm}: not a discipline the core knows`;
    return this.restructure((scenario) => withDiscipline(scenario, sideIndex, spec));
  }

  /** A new last side running `aqm` with its defaults (the first discipline of the catalogue when omitted). */
  addSide(aqm?: string): string | null {
    const catalogue = this.lab.catalogue();
    const spec = aqm === undefined ? catalogue[0] : findAqm(catalogue, aqm);
    if (!spec) return `${aqm ?? 'a discipline'}: not a discipline the core knows`;
    return this.restructure((scenario) => withSideAdded(scenario, { name: spec.label, aqm: spec.name, params: {} }));
  }

  removeSide(sideIndex: number): string | null {
    return this.restructure((scenario) => withSideRemoved(scenario, sideIndex), sideIndex);
  }

  /** A copy of one side (discipline, parameters, its parameter events) as the new last side. */
  duplicateSide(sideIndex: number): string | null {
    return this.restructure((scenario) => withSideDuplicated(scenario, sideIndex));
  }

  /**
   * Renames a side. The name is only a label, so the run goes on: the scenario
   * (and so an export) carries the new name, and the side shows it at once
   * (a blank name shows the discipline's).
   */
  renameSide(sideIndex: number, name: string): string | null {
    const scenario = this.lab.scenario();
    if (scenario === null) return 'no scenario has run yet';
    const edited = withSideRenamed(scenario, sideIndex, name);
    if (typeof edited !== 'string') return edited.error;
    this.lab.relabel(edited, sideIndex, name.trim());
    return null;
  }

  /** Settings without a timeline event (buffer, seed...): the scenario is rewritten, checked and restarted. */
  applyRestartSettings(settings: RestartSettings): Promise<string | null> {
    return this.loadEdited((scenario) => withRestartSettings(scenario, settings));
  }

  /**
   * Adds a short-TCP or on/off group (core defaults, on from t = 0) to a
   * scenario without one. A group cannot join a running simulation, so every
   * side restarts; later rate, count and on/off moves on it are live.
   */
  addGroup(kind: AddableKind): Promise<string | null> {
    return this.loadEdited((scenario) => withGroupAdded(scenario, kind));
  }

  /**
   * Gives TCP group `group` the congestion controller `variant` (its own
   * parameters at their defaults). A flow's sender is fixed when it is built,
   * so every side restarts, with identical traffic on each.
   */
  setGroupVariant(group: number, variant: string): Promise<string | null> {
    return this.loadEdited((scenario) => withGroupVariant(scenario, group, variant));
  }

  /** Sets TCP group `group`'s controller parameters (`variant_params`): a new sender, so every side restarts. */
  setGroupParams(group: number, params: Readonly<Record<string, number>>): Promise<string | null> {
    return this.loadEdited((scenario) => withGroupParams(scenario, group, params));
  }

  /** Turns SACK (RFC 2018 blocks, RFC 6675 recovery) on or off for TCP group `group`: a new sender, so every side restarts. */
  setGroupSack(group: number, on: boolean): Promise<string | null> {
    return this.loadEdited((scenario) => withGroupSack(scenario, group, on));
  }

  /** Traces flows for the window chart (the scenario's `window_chart`) or stops: new columns, so every side restarts. */
  setWindowChart(on: boolean): Promise<string | null> {
    return this.loadEdited((scenario) => withWindowChart(scenario, on));
  }

  private loadEdited(edit: (scenario: string) => Edited): Promise<string | null> {
    const scenario = this.lab.scenario();
    if (scenario === null) return Promise.resolve('no scenario has run yet');
    const edited = edit(scenario);
    return typeof edited === 'string' ? this.lab.load(edited) : Promise.resolve(edited.error);
  }

  /** Applies a structural edit to the scenario and restarts every side on the result. */
  private restructure(edit: (scenario: string) => Edited, removed: number | null = null): string | null {
    const scenario = this.lab.scenario();
    if (scenario === null) return 'no scenario has run yet';
    const edited = edit(scenario);
    if (typeof edited !== 'string') return edited.error;
    this.lab.restartAll(edited, removed);
    return null;
  }
}
