import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// core-cpp/src's folders are layers (core-cpp/DESIGN.md), and includes
// point down only: sim <- net <- traffic, aqm, metrics <- scenario <- run <-
// analysis, sweep <- cli (scenario/ describes a run, run/ runs it). A folder may include itself and any folder it is
// allowed below; anything else (an include loop, a detour) fails here.

const src = fileURLToPath(new URL('../../core-cpp/src/', import.meta.url));

const allowed: Record<string, string[]> = {
  sim: [],
  net: ['sim'],
  traffic: ['sim', 'net'],
  aqm: ['sim', 'net'],
  metrics: ['sim', 'net'],
  analysis: ['sim', 'net', 'traffic', 'aqm', 'metrics', 'scenario'],
  scenario: ['sim', 'net', 'traffic', 'aqm', 'metrics'],
  run: ['sim', 'net', 'traffic', 'aqm', 'metrics', 'scenario'],
  sweep: ['sim', 'net', 'traffic', 'aqm', 'metrics', 'scenario', 'run'],
  cli: ['sim', 'net', 'traffic', 'aqm', 'metrics', 'scenario', 'run', 'analysis', 'sweep'],
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(h|cc)$/.test(name) ? [full] : [];
  });
}

describe('core-cpp/src layers', () => {
  it('has a rule for every folder', () => {
    const folders = readdirSync(src).filter((f) => statSync(path.join(src, f)).isDirectory());
    expect(folders.sort()).toEqual(Object.keys(allowed).sort());
  });

  it('includes only its own folder and the folders below it', () => {
    const wrong: string[] = [];
    for (const file of sources(src)) {
      const folder = path.relative(src, file).split(path.sep)[0] ?? '';
      for (const m of readFileSync(file, 'utf8').matchAll(/^#include "([a-z_]+)\//gm)) {
        const to = m[1] ?? '';
        if (to !== folder && !(allowed[folder] ?? []).includes(to)) {
          wrong.push(`${path.relative(src, file)} includes ${to}/`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
