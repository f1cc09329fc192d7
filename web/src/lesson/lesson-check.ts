import type { AqmSpec } from '../aqm/aqm-table';
import { isRecord } from '../lib/json';
import { paramPrefix } from '../scenario/page-parts';
import { namedParts, type LessonStep } from './lesson-format';

// What a lesson file cannot say about itself: whether a step's names fit the
// scenario it opens (a parameter some side's discipline has, a run time
// within the scenario's duration, a sketch on a chart the step shows).
// The core's verdict on the scenario itself is the caller's (Lab.load in the
// page, the Node core in the tests).

/** The disciplines a scenario's sides run (a side without one runs the default, drop-tail). */
function sideAqms(scenario: unknown): string[] {
  const sides = isRecord(scenario) && Array.isArray(scenario.sides) ? scenario.sides : [];
  return sides.map((s: unknown) => (isRecord(s) && typeof s.aqm === 'string' ? s.aqm : 'droptail'));
}

export function checkStep(step: LessonStep, index: number, scenarioJson: string, catalogue: readonly AqmSpec[]): string[] {
  const where = `steps[${index}]`;
  const problems: string[] = [];
  const scenario: unknown = JSON.parse(scenarioJson);
  const aqms = sideAqms(scenario);
  const params = new Set(catalogue.filter((a) => aqms.includes(a.name)).flatMap((a) => a.params.map((p) => p.name)));
  for (const id of namedParts(step).controls) {
    if (id.startsWith(paramPrefix) && !params.has(id.slice(paramPrefix.length))) {
      problems.push(`${where}.view: ${id} is not a parameter of this step's disciplines (${aqms.join(', ')})`);
    }
  }
  const duration = isRecord(scenario) && typeof scenario.duration_s === 'number' ? scenario.duration_s : null;
  if (step.run && duration !== null && step.run.until_s > duration) {
    problems.push(`${where}.run.until_s: ${step.run.until_s} s is past the scenario's end (${duration} s)`);
  }
  if (step.predict?.kind === 'sketch' && step.view.hideCharts.includes(step.predict.chart)) {
    problems.push(`${where}.predict.chart: the sketch goes on the ${step.predict.chart} chart, which this step hides`);
  }
  return problems;
}
