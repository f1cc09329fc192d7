import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAqmTable, type AqmSpec } from '../../../web/src/aqm/aqm-table';
import { checkStep } from '../../../web/src/lesson/lesson-check';
import { readLesson, type Lesson } from '../../../web/src/lesson/lesson-format';
import { readLessonIndex } from '../../../web/src/lesson/lesson-index';
import { stepScenario } from '../../../web/src/lesson/lesson-state';
import { chartParts, controlParts } from '../../../web/src/scenario/page-parts';
import type { Fetcher } from '../../../web/src/scenario/presets';
import { coreError, nodeCore, nodeCoreBuilt, repoRoot } from '../support/node-core';

// The lesson checker: every lesson in public/lessons/ is listed in its index
// and reads without a problem (so every question has its feedback and every
// part it names is in the page's registry); every step's state is a scenario
// the core accepts and its names fit that scenario; and every part of the
// registry is mounted by the page.

const lessonDir = join(repoRoot, 'public/lessons');
const publicDir = join(repoRoot, 'public');
const files = readdirSync(lessonDir).filter((f) => f.endsWith('.json') && f !== 'index.json');
const diskFetcher: Fetcher = async (url) => {
  const path = join(publicDir, url.replace(/^\//, ''));
  try {
    const body = readFileSync(path, 'utf8');
    return { ok: true, status: 200, text: async () => body };
  } catch {
    return { ok: false, status: 404, text: async () => '' };
  }
};

function lessonOf(file: string): Lesson {
  const read = readLesson(JSON.parse(readFileSync(join(lessonDir, file), 'utf8')));
  if (!read.ok) throw new Error(`${file}: ${read.problems.join('\n')}`);
  return read.lesson;
}

describe('the shipped lessons', () => {
  it('are each listed once in the index, which agrees with each file', () => {
    const index = readLessonIndex(JSON.parse(readFileSync(join(lessonDir, 'index.json'), 'utf8')));
    if (!index.ok) throw new Error(index.problems.join('\n'));
    expect(index.lessons.map((l) => `${l.id}.json`).sort()).toEqual([...files].sort());
    for (const entry of index.lessons) {
      const lesson = lessonOf(`${entry.id}.json`);
      expect({ id: lesson.id, title: lesson.title, level: lesson.level, time_min: lesson.time_min }, entry.id).toEqual(entry);
    }
  });

  it.each(files)('%s reads without a problem: sources, teacher note, feedback for every question', (file) => {
    const lesson = lessonOf(file);
    expect(lesson.sources.length).toBeGreaterThan(0);
    expect(lesson.teacher.misconceptions.length).toBeGreaterThan(0);
    for (const step of lesson.steps) {
      if (step.predict) expect(step.predict.feedback.length, step.title).toBeGreaterThan(20);
      if (step.explain) expect(step.explain.feedback.length, step.title).toBeGreaterThan(20);
    }
    // A lesson asks before it shows: at least one prediction, and one of them sketched.
    expect(lesson.steps.some((s) => s.predict?.kind === 'sketch'), 'a sketched prediction').toBe(true);
  });
});

describe.skipIf(!nodeCoreBuilt)("every shipped lesson's steps", () => {
  it.each(files)("%s: each step's state is a scenario the core accepts, and its names fit it", async (file) => {
    const core = await nodeCore();
    const catalogue = readAqmTable(JSON.parse(core.describeAqms()));
    if (typeof catalogue === 'string') throw new Error(catalogue);
    const lesson = lessonOf(file);
    for (const [i, step] of lesson.steps.entries()) {
      const json = await stepScenario(step.state, '/', diskFetcher);
      expect(coreError(core, json), `${file} steps[${i}]`).toBe('');
      expect(checkStep(step, i, json, catalogue as AqmSpec[]), `${file} steps[${i}]`).toEqual([]);
    }
  });
});

describe("the page's registry of parts", () => {
  const appDir = join(repoRoot, 'web/src/app');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.tsx') ? [readFileSync(join(dir, e.name), 'utf8')] : []));
  const text = sources(appDir).join('\n');

  it('mounts every control the registry lists under its name, and each parameter under param:<name>', () => {
    for (const id of Object.keys(controlParts)) expect(text, id).toMatch(new RegExp(`<Part id="${id}">`));
    expect(text).toContain('<Part key={control.name} id={`param:${control.name}`}>');
  });

  it('mounts every chart the registry lists under its name', () => {
    for (const id of Object.keys(chartParts)) expect(text, id).toMatch(new RegExp(`<Gate id="${id}">`));
  });
});
