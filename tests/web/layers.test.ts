import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// web/src's folders are layers, and imports point down only:
//   lib -> charts, aqm -> summary -> protocol -> scenario -> worker -> theory -> experiment -> lab -> lesson -> app -> main.tsx
// lib is the leaf (colours, theme, formats, JSON, downloads, limits); charts
// draws without React or the Lab; lab is the page's controller (the Lab, its
// sides, their lockstep, the paint loop), outside React; app holds the React views.
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
  theory: 5.5, // the papers' models beside the packets: worker client, panels; the app hooks it in
  experiment: 6, // the experiment view: sweeps on a worker pool, their plots (the Lab reaches it only through App's props)
  lab: 6.5, // the page's controller: no React view, nothing of app/
  lesson: 6.75, // lessons as data, their player and the page's parts a lesson or a teacher link hides or locks (nothing of lab/: the app hands it what it needs)
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

/** The source file a relative specifier names, or null (a stylesheet, an asset, the generated core). */
function resolveSource(files: ReadonlySet<string>, from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** Each web/src file's imports of other web/src files (type-only imports included: they tie the modules as much). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = new Set(sourceFiles(src));
  for (const file of files) {
    const targets = importsOf(readFileSync(file, 'utf8')).map((spec) => resolveSource(files, file, spec));
    graph.set(path.relative(src, file), targets.flatMap((t) => (t === null ? [] : [path.relative(src, t)])));
  }
  return graph;
}

/** One import cycle of `graph` as its files in order (the first repeated at the end), or null when there is none. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = onPath.indexOf(node);
    if (at >= 0) return [...onPath.slice(at), node];
    if (done.has(node)) return null;
    onPath.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
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

  it('finds a cycle where there is one, and none in a tree', () => {
    const ring = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]);
    expect(findCycle(ring)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(findCycle(new Map([['a.ts', ['b.ts', 'c.ts']], ['b.ts', ['c.ts']], ['c.ts', []]]))).toBeNull();
  });

  it('has no import cycle, within a folder or across folders', () => {
    const graph = importGraph();
    expect(graph.get(path.join('charts', 'line-chart.ts'))).toContain(path.join('charts', 'chart-types.ts'));
    expect(findCycle(graph)).toBeNull();
  });
});
