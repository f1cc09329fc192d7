import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../../../web/src/charts/series-store';
import { buildSeriesCsv, csvNumber, csvText, sideLabels } from '../../../web/src/scenario/series-csv';
import { nodeCore, nodeCoreBuilt, repoRoot } from '../support/node-core';

// The CSV is read back with an RFC 4180 parser written here, so the test
// checks what a spreadsheet or pandas would see, not the builder's own view.

function parseCsv(text: string): { comments: string[]; rows: string[][] } {
  const comments: string[] = [];
  const rows: string[][] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '#') {
      const end = text.indexOf('\r\n', i);
      comments.push(text.slice(i, end));
      i = end + 2;
      continue;
    }
    const row: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const quote = text.indexOf('"', i);
          field += text.slice(i, quote);
          i = quote + 1;
          if (text[i] === '"') {
            field += '"';
            i++;
          } else break;
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\r') field += text[i++];
      }
      row.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      expect(text.slice(i, i + 2)).toBe('\r\n');
      i += 2;
      break;
    }
    rows.push(row);
  }
  return { comments, rows };
}

/** A store with `n` samples from t0 every `dt`, metrics from `f`. */
function storeWith(columns: string[], n: number, t0: number, dt: number, f: (c: number, k: number) => number, capacity?: number): SeriesStore {
  const store = new SeriesStore(columns, capacity);
  const batch = new Float64Array(n * columns.length);
  for (let k = 0; k < n; k++) {
    batch[k] = Math.round((t0 + k * dt) * 100) / 100; // what the core emits: t on a 10 ms grid
    for (let c = 1; c < columns.length; c++) batch[c * n + k] = f(c, k);
  }
  store.append(batch, n);
  return store;
}

const scenario = JSON.stringify({ seed: 42, duration_s: 10, sides: [{ name: 'A, "quoted"', aqm: 'red' }, { name: 'B', aqm: 'pie' }] }, null, 2);

describe('the series CSV', () => {
  it('starts with the seed and the scenario as one compact JSON line', () => {
    const csv = buildSeriesCsv(scenario, []);
    const { comments } = parseCsv(csv);
    expect(comments[0]).toBe('# AQM Lab metric series');
    expect(comments[1]).toBe('# seed: 42');
    expect(comments[2]).toBe(`# scenario: ${JSON.stringify(JSON.parse(scenario))}`);
    const withBreak = JSON.stringify({ seed: 3, sides: [{ name: 'line\nbreak', aqm: 'red' }] });
    expect(buildSeriesCsv(withBreak, []).split('\r\n')[2]).toBe(`# scenario: ${withBreak}`);
  });

  it('has t then a column per side and metric, with values that read back exactly', () => {
    const a = storeWith(['t', 'queue_pkts', 'delay_ms'], 4, 0.01, 0.01, (c, k) => (c === 1 ? k * 1.5 : 1 / 3 + k));
    const b = storeWith(['t', 'queue_pkts', 'aqm.qdelay'], 4, 0.01, 0.01, (c, k) => (c === 1 ? 100 - k : 1e-7 * k));
    const { rows } = parseCsv(buildSeriesCsv(scenario, [{ name: 'A, "quoted"', store: a }, { name: 'B', store: b }]));
    expect(rows[0]).toEqual(['t', 'A, "quoted".queue_pkts', 'A, "quoted".delay_ms', 'B.queue_pkts', 'B.aqm.qdelay']);
    expect(rows.length).toBe(5);
    expect(rows[1]).toEqual(['0.01', '0', String(1 / 3), '100', '0']);
    for (let k = 0; k < 4; k++) {
      const row = rows[k + 1] ?? [];
      expect(Number(row[0])).toBe(a.at(0, k));
      expect(Number(row[2])).toBe(1 / 3 + k);
      expect(Number(row[4])).toBe(1e-7 * k);
    }
  });

  it('aligns rows on t and leaves cells empty where a side has no sample', () => {
    const ahead = storeWith(['t', 'queue_pkts'], 6, 0.01, 0.01, (_, k) => k);
    const behind = storeWith(['t', 'queue_pkts'], 3, 0.01, 0.01, (_, k) => 10 + k);
    const { rows } = parseCsv(buildSeriesCsv(scenario, [{ name: 'Fast', store: ahead }, { name: 'Slow', store: behind }]));
    expect(rows.slice(1)).toEqual([
      ['0.01', '0', '10'],
      ['0.02', '1', '11'],
      ['0.03', '2', '12'],
      ['0.04', '3', ''],
      ['0.05', '4', ''],
      ['0.06', '5', ''],
    ]);
  });

  it('writes NaN as an empty cell and notes samples a ring buffer dropped', () => {
    const small = storeWith(['t', 'delay_ms'], 10, 0.01, 0.01, (_, k) => (k % 2 ? Number.NaN : k), 8);
    const full = storeWith(['t', 'delay_ms'], 10, 0.01, 0.01, (_, k) => k);
    const { comments, rows } = parseCsv(buildSeriesCsv(scenario, [{ name: 'Ring', store: small }, { name: 'Whole', store: full }]));
    expect(comments).toContain('# Ring: the first 2 samples are no longer held (ring buffer); its series starts later');
    expect(rows[1]).toEqual(['0.01', '', '0']);
    expect(rows[3]).toEqual(['0.03', '2', '2']);
    expect(rows[4]).toEqual(['0.04', '', '3']);
    expect(rows.length).toBe(11);
  });

  it('quotes per RFC 4180 and keeps spreadsheets from running names as formulas', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvNumber(-0.25)).toBe('-0.25');
    expect(csvNumber(Number.POSITIVE_INFINITY)).toBe('');
    const store = storeWith(['t', 'p'], 1, 0.01, 0.01, () => 0.5);
    const { rows } = parseCsv(buildSeriesCsv(scenario, [{ name: 'multi\r\nline', store }]));
    expect(rows[0]).toEqual(['t', 'multi\r\nline.p']);
  });

  it('tells apart sides that share a name', () => {
    expect(sideLabels(['RED', 'RED', 'PIE', ''])).toEqual(['RED (side 1)', 'RED (side 2)', 'PIE', 'side 4']);
  });

  it('refuses a scenario that is not JSON', () => {
    expect(() => buildSeriesCsv('{', [])).toThrow('scenario: not valid JSON');
  });
});

const cli = join(repoRoot, 'build/native/core-cpp/aqmlab');

describe.skipIf(!nodeCoreBuilt || !existsSync(cli))('the series CSV of a real run', () => {
  it('has the columns and numbers of the command line tool', async () => {
    const core = await nodeCore();
    const json = JSON.stringify({
      seed: 5,
      duration_s: 3,
      warmup_s: 0,
      groups: [{ count: 20 }],
      sides: [{ name: 'Tail', aqm: 'droptail' }, { name: 'Codel', aqm: 'codel' }],
    });
    const sides = [0, 1].map((side) => {
      const sim = new core.Simulation(json, side);
      const store = new SeriesStore(JSON.parse(sim.columns()) as string[]);
      while (!sim.done()) {
        const n = sim.advance(sim.now() + 0.5);
        store.append(sim.batch().slice(), n);
        sim.clearBatch();
      }
      sim.delete();
      return { name: side === 0 ? 'Tail' : 'Codel', store };
    });
    const ours = parseCsv(buildSeriesCsv(json, sides)).rows;

    const dir = mkdtempSync(join(tmpdir(), 'aqmlab-csv-'));
    writeFileSync(join(dir, 's.json'), json);
    execFileSync(cli, ['run', join(dir, 's.json'), '--csv', join(dir, 's.csv')]);
    const native = readFileSync(join(dir, 's.csv'), 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'))
      .map((l) => l.split(',').map((f) => f.replace(/^"|"$/g, '')));

    expect(ours[0]).toEqual(native[0]);
    expect(ours.length).toBe(native.length);
    expect(ours.length).toBe(301);
    for (let r = 1; r < ours.length; r++) {
      const a = ours[r] ?? [];
      const b = native[r] ?? [];
      expect(a.length).toBe(b.length);
      a.forEach((cell, c) => {
        // The tool prints 9 significant digits; the page prints every digit.
        if (cell === '' || b[c] === '') expect(cell, `row ${r} column ${c}`).toBe(b[c]);
        else expect(Number(cell)).toBeCloseTo(Number(b[c]), 6);
      });
    }
  }, 60_000);
});
