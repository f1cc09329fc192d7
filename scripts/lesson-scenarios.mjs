#!/usr/bin/env node
// Writes each step of a lesson as a scenario file that runs to the step's run
// time, so every claim a lesson's feedback makes can be checked with the
// native simulator:
//   node scripts/lesson-scenarios.mjs bufferbloat /tmp/bb
//   build/native/core-cpp/aqmlab run /tmp/bb/bufferbloat-0.json --csv /tmp/bb/0.csv
// A step's state is a preset with an optional JSON merge patch (RFC 7396) or
// a written scenario; a step from a lab link is skipped (open it in the lab).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [id, out] = process.argv.slice(2);
if (!id || !out) {
  console.error('usage: node scripts/lesson-scenarios.mjs <lesson id> <output folder>');
  process.exit(2);
}
const root = new URL('../public/', import.meta.url).pathname;
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
function mergePatch(target, patch) {
  if (!isObject(patch)) return patch;
  const result = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete result[k];
    else result[k] = mergePatch(result[k], v);
  }
  return result;
}
const lesson = JSON.parse(readFileSync(join(root, 'lessons', `${id}.json`), 'utf8'));
mkdirSync(out, { recursive: true });
lesson.steps.forEach((step, i) => {
  let scenario;
  if (step.state.preset) scenario = mergePatch(JSON.parse(readFileSync(join(root, 'presets', `${step.state.preset}.json`), 'utf8')), step.state.patch ?? {});
  else if (step.state.scenario) scenario = step.state.scenario;
  else return console.log(`step ${i + 1}: a lab link, skipped`);
  if (step.run) {
    // The page pauses there; events after it cannot change what the step shows.
    scenario.duration_s = step.run.until_s;
    if (Array.isArray(scenario.events)) scenario.events = scenario.events.filter((e) => e.at_s <= step.run.until_s);
  }
  const file = join(out, `${id}-${i}.json`);
  writeFileSync(file, `${JSON.stringify(scenario, null, 2)}\n`);
  console.log(`step ${i + 1}: ${file}`);
});
