import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// web/src's folders are layers, and imports point down only:
//   lib -> charts, aqm -> summary -> protocol -> scenario -> worker -> theory -> experiment -> lesson -> app -> main.tsx
// lib is the leaf (colours, theme, formats, JSON, downloads, limits); charts
// draws without React or the Lab; app holds the Lab and every React view.
// A folder may import itself and any folder of a lower rank; charts and aqm
// share a rank and do not import each other.

const src = fileURLToPath(new URL('../../web/src/', import.meta.url));

const rank: Record<string, number> = {
  generated: 0, // the core's wasm module, built by scripts/build-wasm.sh
  lib: 0,
  charts: 1,
  aqm: 1,
  summary: 2,
  protocol: 3,
  scenario: 4,
  worker: 5,
  theory: 5.5, // the papers' models beside the packets (issue 17): worker client, panels; the app hooks it in
  experiment: 6, // the experiment view: sweeps on a worker pool, their plots (the Lab reaches it only through App's props)
  lesson: 6.5, // lessons as data, their player and the page's parts a lesson or a teacher link hides or locks; the app mounts them
  app: 7,
  '.': 8, // main.tsx
};

/** Relative module specifiers of a TypeScript file: static imports and re-exports, side-effect and dynamic imports. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) if (m[1]?.startsWith('.')) found.push(m[1]);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const layerOf = (file: string): string => {
  const rel = path.relative(src, file);
  return rel.includes(path.sep) ? rel.split(path.sep)[0] ?? '.' : '.';
};

/** Every import that breaks the rule, as "from -> to". */
function upwardImports(): string[] {
  const wrong: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = layerOf(file);
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), spec);
      const name = `${path.relative(src, file)} -> ${spec}`;
      if (path.relative(src, target).startsWith('..')) {
        wrong.push(`${name} (outside web/src)`);
        continue;
      }
      const to = layerOf(target);
      const fromRank = rank[from];
      const toRank = rank[to];
      if (fromRank === undefined || toRank === undefined) wrong.push(`${name} (a folder without a layer)`);
      else if (from !== to && toRank >= fromRank) wrong.push(`${name} (${from} may not import ${to})`);
    }
  }
  return wrong;
}

describe('web/src layers', () => {
  it('reads every kind of import', () => {
    const text = [
      "import { a } from '../lib/json';",
      "import type { B } from './b';",
      "export { c } from '../charts/c';",
      "import './styles.css';",
      "const m = await import('../worker/m');",
      "import { useState } from 'react';",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(['../charts/c', '../lib/json', '../worker/m', './b', './styles.css']);
  });

  it('has every folder in a layer', () => {
    const folders = readdirSync(src, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => rank[f] === undefined)).toEqual([]);
  });

  it('imports only downwards', () => {
    expect(upwardImports()).toEqual([]);
  });
});
