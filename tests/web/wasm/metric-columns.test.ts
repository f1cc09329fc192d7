import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AqmLabModule } from '../../../web/src/generated/aqmlab.mjs';
import { metrics } from '../../../web/src/charts/metrics';
import { nodeCore, nodeCoreBuilt, repoRoot } from '../support/node-core';

// The core's table of sampled columns (core-cpp/src/metrics/columns.h, through
// describeColumns()) is the one list of columns: the runs' column names, the
// page's charts and the docs are checked against it here.

interface Column {
  name: string;
  unit: string;
  reading: string;
}
interface Tables {
  hop1: Column[];
  class: Column[];
  queue: Column[];
  link: Column[];
  flow: Column[];
}

function readTables(text: string): Tables {
  const value: unknown = JSON.parse(text);
  const isColumn = (c: unknown): c is Column =>
    typeof c === 'object' && c !== null && 'name' in c && typeof c.name === 'string' && 'unit' in c &&
    typeof c.unit === 'string' && 'reading' in c && typeof c.reading === 'string';
  const list = (key: string): Column[] => {
    const l = typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : null;
    if (!Array.isArray(l) || !l.every(isColumn)) throw new Error(`describeColumns: no ${key} table`);
    return l;
  };
  return { hop1: list('hop1'), class: list('class'), queue: list('queue'), link: list('link'), flow: list('flow') };
}

function columnsOf(core: AqmLabModule, scenario: unknown): string[] {
  const sim = new core.Simulation(JSON.stringify(scenario), 0);
  expect(sim.error()).toBe('');
  const names: unknown = JSON.parse(sim.columns());
  sim.delete();
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) throw new Error('columns: not a list of names');
  return names;
}

/** The lines of wasm/API.md's column table: [table, name, unit, reading]. */
function apiRows(): string[][] {
  const text = readFileSync(`${repoRoot}wasm/API.md`, 'utf8');
  return [...text.matchAll(/^\s*\| (hop1|class|queue|link|flow) \| `([^`]+)` \| ([^|]*) \| (\w+) \|$/gm)].map((m) => [
    m[1] ?? '',
    m[2] ?? '',
    (m[3] ?? '').trim(),
    m[4] ?? '',
  ]);
}

describe.runIf(nodeCoreBuilt)('metric columns: one table', () => {
  let core: AqmLabModule;
  let tables: Tables;
  let defaults: Record<string, unknown>;
  beforeAll(async () => {
    core = await nodeCore();
    if (!core.describeColumns) throw new Error('the core has no describeColumns (rebuild: bash scripts/build-wasm.sh)');
    tables = readTables(core.describeColumns());
    defaults = JSON.parse(core.defaultScenario()) as Record<string, unknown>;
  });

  it("names a run's columns in the table's order: hop 1, the discipline's signals, each class", () => {
    const names = columnsOf(core, defaults);
    const hop1 = tables.hop1.map((c) => c.name);
    expect(names.slice(0, hop1.length)).toEqual(hop1);
    const rest = names.slice(hop1.length);
    const signals = rest.filter((n) => n.startsWith('aqm.'));
    expect(rest.slice(0, signals.length)).toEqual(signals);
    const classes = rest.slice(signals.length);
    expect(classes.length).toBeGreaterThan(0);
    const classNames = [...new Set(classes.map((n) => n.split('.')[1]))];
    expect(classes).toEqual(classNames.flatMap((k) => tables.class.map((c) => `class.${k}.${c.name}`)));
  });

  it("names each further queue's columns from the link table (a parking lot's second hop)", () => {
    const scenario = { ...defaults, topology: { kind: 'parking_lot' } };
    const names = columnsOf(core, scenario);
    const hop2 = names.filter((n) => n.startsWith('hop2.') && !n.startsWith('hop2.aqm.'));
    expect(hop2).toEqual(tables.link.map((c) => `hop2.${c.name}`));
  });

  it("names a dual queue's columns from the queue table, after the classes'", () => {
    const names = columnsOf(core, { ...defaults, sides: [{ name: 'DualPI2', aqm: 'dualpi2', params: {} }] });
    const firstQueue = names.findIndex((n) => n.startsWith('queue.'));
    expect(names.slice(firstQueue)).toEqual(['l', 'c'].flatMap((q) => tables.queue.map((c) => `queue.${q}.${c.name}`)));
    expect(names[firstQueue - 1]).toMatch(/^class\./);
  });

  it("names the window chart's flows from the flow table, last of all, pacing only for a pacer", () => {
    const groups = [
      { kind: 'tcp', count: 3 },
      { kind: 'tcp', count: 2, variant: 'bbr' },
    ];
    const plain = columnsOf(core, { ...defaults, groups });
    const names = columnsOf(core, { ...defaults, groups, window_chart: { flows: [{ group: 1, flow: 1 }, { group: 0, flow: 2 }] } });
    expect(names.slice(0, plain.length)).toEqual(plain);
    const [cwnd, pacing] = tables.flow.map((c) => c.name);
    expect(names.slice(plain.length)).toEqual([`flow.1.1.${cwnd}`, `flow.1.1.${pacing}`, `flow.0.2.${cwnd}`]);
  });

  it("draws only columns of the table, in the table's units", () => {
    const byName = new Map(tables.hop1.map((c) => [c.name, c]));
    for (const metric of Object.values(metrics)) {
      for (const line of metric.lines) {
        const base = line.column.replace(/^hop2\./, '');
        if (base.startsWith('aqm.')) continue; // a discipline's signal: the catalogue's, not this table's
        const column = byName.get(base);
        expect(column, `${metric.id}: ${line.column}`).toBeDefined();
        expect(column?.unit, `${metric.id}: ${line.column}`).toBe(metric.unit);
      }
    }
  });

  it("is the table wasm/API.md shows", () => {
    const expected = (['hop1', 'class', 'queue', 'link', 'flow'] as const).flatMap((t) => tables[t].map((c) => [t, c.name, c.unit, c.reading]));
    expect(apiRows()).toEqual(expected);
  });

  it("is the list core-cpp/SCENARIO.md's Metrics names, in order", () => {
    const text = readFileSync(`${repoRoot}core-cpp/SCENARIO.md`, 'utf8');
    const section = text.slice(text.indexOf('## Metrics'), text.indexOf('- Goodput excludes'));
    const quoted = [...section.matchAll(/`([a-z_.<>]+)`/g)].map((m) => (m[1] ?? '').replace(/^\./, ''));
    const inOrder = (names: string[]) => {
      let at = 0;
      for (const name of names) {
        const found = quoted.indexOf(name, at);
        if (found < 0) return name;
        at = found + 1;
      }
      return null;
    };
    expect(inOrder(tables.hop1.map((c) => c.name))).toBeNull();
    expect(inOrder(tables.link.map((c) => c.name).map((n) => (n === 'queue_pkts' ? '<prefix>.queue_pkts' : n)))).toBeNull();
  });
});
