import { browserDownload, type DownloadTarget } from '../lib/download';
import { parseCheckedJson } from '../lib/json-check';
import { checkLabState } from './url-codec';

// Scenario files in and out of the page. Reading checks size, JSON syntax
// (with line and column) and the top-level shape; the core's validateScenario
// checks the rest when the page loads the scenario (Lab.load). Writing goes
// through a Blob and a temporary download link.

export const maxScenarioFileBytes = 2 * 1024 * 1024;

export type ReadScenarioResult = { ok: true; json: string } | { ok: false; error: string };

/** What the reader needs of a File (a File fits). */
export type ScenarioFileLike = Pick<File, 'name' | 'size' | 'text'>;

export async function readScenarioFile(file: ScenarioFileLike): Promise<ReadScenarioResult> {
  const name = file.name || 'scenario file';
  if (file.size > maxScenarioFileBytes) {
    return { ok: false, error: `${name}: ${file.size} bytes, more than the ${maxScenarioFileBytes} a scenario file may have` };
  }
  if (file.size === 0) return { ok: false, error: `${name}: the file is empty` };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, error: `${name}: the file could not be read` };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte-order mark some editors write
  const parsed = parseCheckedJson(text, name);
  if (!parsed.ok) return parsed;
  const checked = checkLabState({ scenario: parsed.value });
  if (!checked.ok) return { ok: false, error: `${name}: ${checked.error}` };
  return { ok: true, json: text };
}

/** Indented for people reading and diffing the file. */
export function formatScenarioJson(scenarioJson: string): string {
  return `${JSON.stringify(JSON.parse(scenarioJson), null, 2)}\n`;
}

function seedOf(scenarioJson: string): string {
  try {
    const value: unknown = JSON.parse(scenarioJson);
    if (typeof value === 'object' && value !== null && 'seed' in value && typeof value.seed === 'number') return `-seed${value.seed}`;
  } catch {
    // The name only loses its seed.
  }
  return '';
}

export function scenarioFileName(scenarioJson: string): string {
  return `aqmlab-scenario${seedOf(scenarioJson)}.json`;
}

export function seriesFileName(scenarioJson: string): string {
  return `aqmlab-series${seedOf(scenarioJson)}.csv`;
}

export function saveScenarioFile(scenarioJson: string, target: DownloadTarget = browserDownload): string {
  const fileName = scenarioFileName(scenarioJson);
  target.save(fileName, new Blob([formatScenarioJson(scenarioJson)], { type: 'application/json' }));
  return fileName;
}

export function saveSeriesFile(scenarioJson: string, csv: string, target: DownloadTarget = browserDownload): string {
  const fileName = seriesFileName(scenarioJson);
  target.save(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  return fileName;
}
