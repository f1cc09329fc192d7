import { describe, expect, it } from 'vitest';
import { copyLink, exportCsv, exportJson, importJson, loadOutcome, type LoadScenario } from '../../../web/src/app/share-actions';
import { SeriesStore } from '../../../web/src/charts/series-store';
import type { DownloadTarget } from '../../../web/src/lib/download';
import { maxScenarioFileBytes, readScenarioFile } from '../../../web/src/scenario/scenario-file';
import { decodeLabState } from '../../../web/src/scenario/url-codec';
import { coreError, nodeCore, nodeCoreBuilt } from '../support/node-core';
import { presetText } from '../support/preset-files';

// The share menu's actions with the browser's parts (clipboard, address bar,
// downloads) replaced by recorders, and Lab.load / Lab.exportScenario by fakes.

const scenario = JSON.stringify({ seed: 9, duration_s: 30, sides: [{ name: 'RED', aqm: 'red', params: { max_p: 0.2 } }] });

function recorder(): DownloadTarget & { files: { name: string; blob: Blob }[] } {
  const files: { name: string; blob: Blob }[] = [];
  return { files, save: (name, blob) => files.push({ name, blob }) };
}

function fileOf(text: string, name = 'lab.json'): File {
  return new File([text], name, { type: 'application/json' });
}

describe('reading a scenario file', () => {
  it('gives the text of a scenario object, without a byte-order mark', async () => {
    expect(await readScenarioFile(fileOf(scenario))).toEqual({ ok: true, json: scenario });
    expect(await readScenarioFile(fileOf(`\ufeff${scenario}`))).toEqual({ ok: true, json: scenario });
  });

  it('names the file and the line and column of a syntax error', async () => {
    const text = '{\n  "seed": 1,\n  "duration_s": 30,,\n}';
    expect(await readScenarioFile(fileOf(text, 'broken.json'))).toEqual({
      ok: false,
      error: "broken.json: not valid JSON at line 3, column 20: expected a quoted field name, found ','",
    });
  });

  it('refuses an empty file, a file over the size limit and JSON that is not a scenario object', async () => {
    expect(await readScenarioFile(fileOf('', 'e.json'))).toEqual({ ok: false, error: 'e.json: the file is empty' });
    const big = { name: 'big.json', size: maxScenarioFileBytes + 1, text: async () => '{}' };
    expect(await readScenarioFile(big)).toEqual({ ok: false, error: `big.json: ${maxScenarioFileBytes + 1} bytes, more than the ${maxScenarioFileBytes} a scenario file may have` });
    expect(await readScenarioFile(fileOf('[{"seed": 1}]', 'a.json'))).toEqual({ ok: false, error: 'a.json: scenario: must be a JSON object, got an array' });
    const seven = JSON.stringify({ sides: Array.from({ length: 7 }, () => ({ aqm: 'red' })) });
    expect(await readScenarioFile(fileOf(seven, 's.json'))).toEqual({ ok: false, error: 's.json: scenario.sides: must have 1 to 6 sides, got 7' });
  });

  it.skipIf(!nodeCoreBuilt)('leaves range checks to the core, which names the field', async () => {
    const core = await nodeCore();
    const read = await readScenarioFile(fileOf(JSON.stringify({ bottleneck: { capacity_mbps: -5 } })));
    if (!read.ok) throw new Error(read.error);
    expect(coreError(core, read.json)).toBe('bottleneck.capacity_mbps: must be in [0.01, 100000], got -5');
    const preset = await readScenarioFile(fileOf(presetText('lred-exp1'), 'lred-exp1.json'));
    expect(preset.ok && coreError(core, preset.json)).toBe('');
  });
});

describe('importing', () => {
  it('loads a good file and reports what Lab.load refused, with the file name', async () => {
    const loaded: string[] = [];
    const accept: LoadScenario = async (json) => {
      loaded.push(json);
    };
    expect(await importJson(fileOf(scenario, 'mine.json'), accept)).toEqual({ kind: 'done', message: 'Loaded mine.json.' });
    expect(loaded).toEqual([scenario]);

    const refuseWithText: LoadScenario = async () => 'sides[0].aqm: "foo" is not a registered discipline';
    expect(await importJson(fileOf(scenario, 'x.json'), refuseWithText)).toEqual({
      kind: 'error',
      message: 'x.json: sides[0].aqm: "foo" is not a registered discipline',
    });
    const refuseByThrowing: LoadScenario = async () => {
      throw new Error('groups[0].count: must be in [0, 20000], got -1');
    };
    expect(await importJson(fileOf(scenario, 'y.json'), refuseByThrowing)).toEqual({
      kind: 'error',
      message: 'y.json: groups[0].count: must be in [0, 20000], got -1',
    });
    // A broken file never reaches Lab.load.
    loaded.length = 0;
    expect((await importJson(fileOf('{', 'z.json'), accept)).kind).toBe('error');
    expect(loaded).toEqual([]);
  });

  it('reads null and empty answers from Lab.load as success', async () => {
    expect(await loadOutcome(async () => null, '{}')).toBeNull();
    expect(await loadOutcome(async () => '', '{}')).toBeNull();
  });
});

describe('copying a link', () => {
  const base = {
    exportScenario: async () => scenario,
    layout: 'multiples' as const,
    href: 'https://lab.example/aqm/?x=1#old',
  };

  it('writes the fragment and the clipboard with a URL that decodes to the same state', async () => {
    const fragments: string[] = [];
    const clipboard: string[] = [];
    const outcome = await copyLink({
      ...base,
      setFragment: (f) => fragments.push(f),
      writeClipboard: async (t) => {
        clipboard.push(t);
      },
    });
    expect(outcome.kind).toBe('done');
    expect(clipboard.length).toBe(1);
    const url = new URL(clipboard[0] ?? '');
    expect(`${url.origin}${url.pathname}${url.search}`).toBe('https://lab.example/aqm/?x=1');
    expect(url.hash.slice(1)).toBe(fragments[0]);
    expect(await decodeLabState(url.hash)).toEqual({ ok: true, state: { scenario: JSON.parse(scenario), layout: 'multiples' } });
  });

  it('falls back to a field to copy by hand when the clipboard is refused or missing', async () => {
    const refused = await copyLink({ ...base, setFragment: () => undefined, writeClipboard: () => Promise.reject(new Error('NotAllowedError')) });
    expect(refused.kind).toBe('manual');
    expect(refused.kind === 'manual' && refused.url.startsWith('https://lab.example/aqm/?x=1#v1.')).toBe(true);
    const missing = await copyLink({ ...base, setFragment: () => undefined });
    expect(missing.kind).toBe('manual');
  });

  it('reports a scenario that cannot be shared, naming the field', async () => {
    const outcome = await copyLink({ ...base, exportScenario: async () => '[1]', setFragment: () => undefined });
    expect(outcome).toEqual({ kind: 'error', message: 'scenario: must be a JSON object, got an array' });
    const failing = await copyLink({ ...base, exportScenario: () => Promise.reject(new Error('no run yet')), setFragment: () => undefined });
    expect(failing).toEqual({ kind: 'error', message: 'Copy link: no run yet' });
  });
});

describe('exporting', () => {
  it('saves the scenario as indented JSON named after its seed', async () => {
    const target = recorder();
    expect(await exportJson(async () => scenario, target)).toEqual({ kind: 'done', message: 'Saved aqmlab-scenario-seed9.json.' });
    const file = target.files[0];
    expect(file?.name).toBe('aqmlab-scenario-seed9.json');
    expect(file?.blob.type).toBe('application/json');
    const text = (await file?.blob.text()) ?? '';
    expect(text).toBe(`${JSON.stringify(JSON.parse(scenario), null, 2)}\n`);
  });

  it('saves the series as CSV, or says there is nothing to save yet', async () => {
    const store = new SeriesStore(['t', 'queue_pkts']);
    const target = recorder();
    expect(await exportCsv(async () => scenario, () => [{ name: 'RED', store }], target)).toEqual({
      kind: 'error',
      message: 'Export CSV: no samples yet; let the run go first.',
    });
    store.append(new Float64Array([0.01, 0.02, 3, 4]), 2);
    expect(await exportCsv(async () => scenario, () => [{ name: 'RED', store }], target)).toEqual({ kind: 'done', message: 'Saved aqmlab-series-seed9.csv.' });
    const text = (await target.files[0]?.blob.text()) ?? '';
    expect(text.split('\r\n').slice(3)).toEqual(['t,RED.queue_pkts', '0.01,3', '0.02,4', '']);
  });
});
