import { readScenarioFile, saveScenarioFile, saveSeriesFile, type ScenarioFileLike } from '../scenario/scenario-file';
import type { DownloadTarget } from '../lib/download';
import { buildSeriesCsv, type SeriesSource } from '../scenario/series-csv';
import { checkLabState, encodeLabState, urlWithFragment, type Layout } from '../scenario/url-codec';
import type { LinkView } from '../scenario/link-view';
import { messageOf } from '../lib/errors';
import { problemDetails } from '../lib/problems';
import { offerLink, type ActionOutcome } from '../lib/action-outcome';

export type { ActionOutcome };

// What the share menu's buttons do, apart from React so it can be tested: each
// action resolves to what the menu shows (a confirmation, a fallback or an
// error naming the field) and never throws.

/** Lab.exportScenario: the running scenario with the live changes merged as events. */
export type ExportScenario = () => Promise<string>;

/**
 * Lab.load: validates with the core, rebuilds the sides and restarts. Resolves
 * to an error message (or rejects with one) when refused; to nothing when running.
 */
export type LoadScenario = (scenarioJson: string) => Promise<string | null | undefined | void>;

/** Lab.load's answer as an error message, or null when the scenario runs. */
export async function loadOutcome(load: LoadScenario, scenarioJson: string): Promise<string | null> {
  try {
    const answer = await load(scenarioJson);
    return typeof answer === 'string' && answer !== '' ? answer : null;
  } catch (e) {
    return messageOf(e);
  }
}

export interface LinkDeps {
  exportScenario: ExportScenario;
  layout: Layout;
  /** The page's address now (location.href). */
  href: string;
  /** Puts the fragment in the address bar (url-codec's replaceFragment). */
  setFragment(fragment: string): void;
  /** navigator.clipboard.writeText, absent where the browser has none. */
  writeClipboard?: (text: string) => Promise<void>;
  /** The experiment view's state, when the link should carry it (a v2 link). */
  experiment?: Record<string, unknown>;
  /** What the person sees (a v3 link): speed, playing, window, overlay, folds, preset, note. */
  view?: LinkView;
}

export async function copyLink(deps: LinkDeps): Promise<ActionOutcome> {
  let url: string;
  try {
    const scenario: unknown = JSON.parse(await deps.exportScenario());
    const checked = checkLabState({
      scenario,
      layout: deps.layout,
      ...(deps.experiment ? { experiment: deps.experiment } : {}),
      ...(deps.view ? { view: deps.view } : {}),
    });
    if (!checked.ok) return { kind: 'error', message: checked.error };
    const fragment = await encodeLabState(checked.state);
    deps.setFragment(fragment);
    url = urlWithFragment(deps.href, fragment);
  } catch (e) {
    return { kind: 'error', message: `Copy link: ${messageOf(e)}` };
  }
  const shows = deps.experiment ? 'this experiment, run again to the same numbers' : 'this run with the same numbers';
  return offerLink(url, `Link copied (${url.length} characters). Opening it shows ${shows}.`, deps.writeClipboard);
}

export async function exportJson(exportScenario: ExportScenario, target?: DownloadTarget): Promise<ActionOutcome> {
  try {
    const name = saveScenarioFile(await exportScenario(), target);
    return { kind: 'done', message: `Saved ${name}.` };
  } catch (e) {
    return { kind: 'error', message: `Export JSON: ${messageOf(e)}` };
  }
}

export async function exportCsv(
  exportScenario: ExportScenario,
  getSeries: () => readonly SeriesSource[],
  target?: DownloadTarget,
): Promise<ActionOutcome> {
  try {
    const scenario = await exportScenario();
    const series = getSeries();
    if (series.every((s) => s.store.length === 0)) return { kind: 'error', message: 'Export CSV: no samples yet; let the run go first.' };
    const name = saveSeriesFile(scenario, buildSeriesCsv(scenario, series), target);
    return { kind: 'done', message: `Saved ${name}.` };
  } catch (e) {
    return { kind: 'error', message: `Export CSV: ${messageOf(e)}` };
  }
}

export async function importJson(file: ScenarioFileLike, load: LoadScenario): Promise<ActionOutcome> {
  const read = await readScenarioFile(file);
  if (!read.ok) return { kind: 'error', message: read.error };
  const refused = await loadOutcome(load, read.json);
  if (refused !== null) {
    const problems = problemDetails(refused);
    if (problems.length > 0) return { kind: 'error', message: `${problems.length} problems in ${file.name}:`, problems };
    return { kind: 'error', message: `${file.name}: ${refused}` };
  }
  return { kind: 'done', message: `Loaded ${file.name}.` };
}
