import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { defaultLinkView, type LinkView } from '../../../web/src/scenario/link-view';
import {
  checkLabState,
  decodeLabState,
  encodeLabState,
  fromBase64Url,
  loadInitialState,
  maxFragmentChars,
  maxStateBytes,
  toBase64Url,
  type LabState,
} from '../../../web/src/scenario/url-codec';
import { coreError, nodeCore, nodeCoreBuilt, runSide } from '../support/node-core';
import { presetText, readIndex } from '../support/preset-files';

// Links carry the whole lab: they must round-trip exactly, replay the same
// numbers, and turn every kind of bad link into a message, never a crash.

function linkOf(json: string, version = 1): string {
  return `v${version}.${toBase64Url(deflateRawSync(Buffer.from(json, 'utf8')))}`;
}

async function errorOf(fragment: string): Promise<string> {
  const decoded = await decodeLabState(fragment);
  if (decoded.ok) throw new Error(`decoded unexpectedly: ${JSON.stringify(decoded.state).slice(0, 200)}`);
  return decoded.error;
}

const steered: LabState = {
  layout: 'multiples',
  scenario: {
    seed: 7,
    duration_s: 20,
    warmup_s: 2,
    groups: [
      { kind: 'tcp', count: 30, rtt_spread: 'random', start: 'random' },
      { kind: 'onoff', class: 'udp', count: 20, peak_mbps: 0.1, start_s: 5, stop_s: 15 },
    ],
    sides: [
      { name: 'Drop-tail', aqm: 'droptail', params: {} },
      { name: 'RED <b>x</b>', aqm: 'red', params: { max_p: 0.15, wq: 0.0021 } },
      { name: 'PIE', aqm: 'pie', params: { target_ms: 12.5 } },
    ],
    events: [
      { at_s: 6, kind: 'set_flows', group: 0, count: 70 },
      { at_s: 8.37, side: 1, kind: 'set_param', name: 'max_p', value: 0.3 },
      { at_s: 11, kind: 'set_capacity', mbps: 7.5 },
    ],
  },
};

describe('lab state links', () => {
  it('round-trip a scenario and layout exactly, in a URL-safe fragment', async () => {
    const fragment = await encodeLabState(steered);
    expect(fragment).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const decoded = await decodeLabState(`#${fragment}`);
    expect(decoded).toEqual({ ok: true, state: steered });
  });

  it('carry an experiment in a v2 link, and keep a link without one at v1', async () => {
    const experiment = { baseLabel: 'Current lab', axes: [{ path: 'groups[0].count' }], seeds: 3 };
    const fragment = await encodeLabState({ ...steered, experiment });
    expect(fragment).toMatch(/^v2\.[A-Za-z0-9_-]+$/);
    expect(await decodeLabState(fragment)).toEqual({ ok: true, state: { ...steered, experiment } });
    expect(await encodeLabState(steered)).toMatch(/^v1\./);
    expect(await errorOf(linkOf(JSON.stringify({ scenario: {}, experiment: [1] }), 2))).toBe('experiment: must be a JSON object, got an array');
  });

  it('round-trip every listed preset in both layouts', async () => {
    for (const { id } of readIndex().presets) {
      const scenario: unknown = JSON.parse(presetText(id));
      if (typeof scenario !== 'object' || scenario === null || Array.isArray(scenario)) throw new Error(id);
      for (const layout of ['overlay', 'multiples'] as const) {
        const state = { scenario: { ...scenario }, layout };
        const fragment = await encodeLabState(state);
        // A preset link must stay short enough to paste anywhere.
        expect(fragment.length, id).toBeLessThan(2500);
        expect(await decodeLabState(fragment), id).toEqual({ ok: true, state });
      }
    }
  });

  it('compress: a long event log costs far less than its JSON', async () => {
    const events = Array.from({ length: 2000 }, (_, i) => ({ at_s: i * 0.1, kind: 'set_flows', group: 0, count: 50 + (i % 40) }));
    const state: LabState = { layout: 'overlay', scenario: { ...steered.scenario, duration_s: 300, events } };
    const fragment = await encodeLabState(state);
    expect(fragment.length).toBeLessThan(JSON.stringify(state).length / 4);
    expect(await decodeLabState(fragment)).toEqual({ ok: true, state });
  });

  it('keep markup in strings as inert text', async () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const state: LabState = {
      layout: 'overlay',
      scenario: { sides: [{ name: hostile, aqm: 'red', params: {} }], groups: [{ kind: 'tcp', class: '"><svg onload=alert(3)>' }] },
    };
    const decoded = await decodeLabState(await encodeLabState(state));
    expect(decoded).toEqual({ ok: true, state });
    // A link hand-made with the markup as a field name gets a message, and the
    // message quotes it as JSON text (React renders it as text, never as HTML).
    const error = await errorOf(linkOf(JSON.stringify({ scenario: {}, layout: 'overlay', [hostile]: 1 })));
    expect(error).toContain('state: unknown field "<script>alert(1)</script><img src=x one…');
  });

  it.skipIf(!nodeCoreBuilt)('give a scenario the core accepts and that replays the same series hash', async () => {
    const core = await nodeCore();
    const original = JSON.stringify(steered.scenario);
    expect(coreError(core, original)).toBe('');
    const decoded = await decodeLabState(await encodeLabState(steered));
    if (!decoded.ok) throw new Error(decoded.error);
    const replayed = JSON.stringify(decoded.state.scenario);
    expect(coreError(core, replayed)).toBe('');
    for (let side = 0; side < 3; side++) {
      const a = runSide(core, original, side).summary;
      const b = runSide(core, replayed, side).summary;
      expect(typeof a.series_hash).toBe('string');
      expect(b.series_hash, `side ${side}`).toBe(a.series_hash);
      expect(b.mean_queue_pkts).toBe(a.mean_queue_pkts);
    }
  }, 60_000);
});

describe('bad links', () => {
  it('name an unknown version, and a fragment that is not a lab link', async () => {
    const valid = await encodeLabState(steered);
    expect(await errorOf(`v4.${valid.slice(3)}`)).toBe('link: version 4 is not one this page reads (it reads versions 1, 2, 3)');
    expect(await errorOf('section-3')).toMatch(/^link: not an AQM Lab link/);
    expect(await errorOf(valid.slice(3))).toMatch(/^link: not an AQM Lab link/);
  });

  it('refuse text that is not base64url, naming the character', async () => {
    expect(await errorOf('v1.abc$def')).toBe("link: character 4 of the data ('$') is not base64url");
    expect(await errorOf('v1.ab cd')).toBe('link: character 3 of the data (U+0020) is not base64url');
    expect(await errorOf('v1.abcde')).toMatch(/length no base64url text can have/);
  });

  it('refuse truncated and corrupted data', async () => {
    const valid = await encodeLabState(steered);
    for (const cut of [valid.length - 3, Math.floor(valid.length / 2), 10]) {
      const fragment = valid.slice(0, cut);
      // A cut that leaves an impossible base64 length is caught before inflating.
      expect(await errorOf(fragment)).toMatch(/^link: (the compressed data is damaged or cut short|the data has a length)/);
    }
    const bytes = fromBase64Url(valid.slice(3));
    if (typeof bytes === 'string') throw new Error(bytes);
    bytes[5] = (bytes[5] ?? 0) ^ 0xff;
    expect(await errorOf(`v1.${toBase64Url(bytes)}`)).toMatch(/^link: /);
    // Raw bytes that were never deflate data.
    expect(await errorOf(`v1.${toBase64Url(new Uint8Array([0xff, 0xfe, 0xfd, 0xfc]))}`)).toBe('link: the compressed data is damaged or cut short');
  });

  it('refuse a decompression bomb without inflating it', async () => {
    const bomb = deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const fragment = `v1.${toBase64Url(bomb)}`;
    expect(fragment.length).toBeLessThan(maxFragmentChars);
    expect(await errorOf(fragment)).toBe(`link: the data inflates to more than ${maxStateBytes} bytes`);
  });

  it('refuse an over-long fragment before decoding it', async () => {
    expect(await errorOf(`v1.${'A'.repeat(maxFragmentChars)}`)).toMatch(/^link: \d+ characters, more than the/);
  });

  it('report JSON errors with line and column', async () => {
    expect(await errorOf(linkOf('{"scenario": {"seed": 1,}, "layout": "overlay"}'))).toBe(
      "link: not valid JSON at line 1, column 25: expected a quoted field name, found '}'",
    );
    expect(await errorOf(linkOf('oops'))).toBe("link: not valid JSON at line 1, column 1: expected a JSON value, found 'o'");
    expect(await errorOf(linkOf('{"scenario":\n  {"seed": 1 "x": 2}}'))).toBe(
      "link: not valid JSON at line 2, column 14: expected ',' or '}', found '\"'",
    );
    expect(await errorOf(linkOf(`${'['.repeat(100000)}`))).toMatch(/nesting deeper than 64 levels/);
  });

  it('refuse JSON of the wrong shape, naming the field', async () => {
    expect(await errorOf(linkOf('[1, 2]'))).toBe('state: must be a JSON object, got an array');
    expect(await errorOf(linkOf('"text"'))).toBe('state: must be a JSON object, got a string');
    expect(await errorOf(linkOf('{"scenario": [], "layout": "overlay"}'))).toBe('scenario: must be a JSON object, got an array');
    expect(await errorOf(linkOf('{"layout": "overlay"}'))).toBe('scenario: missing (a link must carry the scenario)');
    expect(await errorOf(linkOf('{"scenario": {}, "layout": "foo"}'))).toBe('layout: must be one of overlay, multiples, got "foo"');
    expect(await errorOf(linkOf('{"scenario": {}, "layout": 3}'))).toBe('layout: must be one of overlay, multiples, got 3');
    expect(await errorOf(linkOf('{"scenario": {"sides": {}}}'))).toBe('scenario.sides: must be an array, got an object');
    const seven = JSON.stringify({ scenario: { sides: Array.from({ length: 7 }, () => ({ aqm: 'red' })) } });
    expect(await errorOf(linkOf(seven))).toBe('scenario.sides: must have 1 to 6 sides, got 7');
    expect(await errorOf(linkOf('{"scenario": {"sides": [{}, 5]}}'))).toBe('scenario.sides[1]: must be a JSON object, got a number');
    expect(await errorOf(linkOf('{"scenario": {"events": "soon"}}'))).toBe('scenario.events: must be an array, got a string');
  });

  it('refuse bytes that are not UTF-8', async () => {
    const fragment = `v1.${toBase64Url(deflateRawSync(Buffer.from([0x7b, 0xff, 0x7d])))}`;
    expect(await errorOf(fragment)).toBe('link: the data is not UTF-8 text');
  });

  it('will not encode a state it could not read back', async () => {
    await expect(encodeLabState({ layout: 'overlay', scenario: { sides: [] } })).rejects.toThrow('scenario.sides: must have 1 to 6 sides, got 0');
  });
});

describe('the page start', () => {
  it('uses the default lab without a fragment, the link with one, a banner message for a bad one', async () => {
    expect(await loadInitialState('')).toEqual({ kind: 'default' });
    expect(await loadInitialState('#')).toEqual({ kind: 'default' });
    const fragment = await encodeLabState(steered);
    expect(await loadInitialState(`#${fragment}`)).toEqual({ kind: 'link', state: steered });
    expect(await loadInitialState('#v1.%%%')).toEqual({
      kind: 'error',
      reason: "link: character 1 of the data ('%') is not base64url",
      message: "This link could not be opened (link: character 1 of the data ('%') is not base64url). Showing the default lab instead.",
    });
  });
});

describe('links that keep what the person saw (v3)', () => {
  const view: LinkView = { speed: 1, playing: false, range: 'whole', theory: true, panels: ['theory-section', 'event-marks'], preset: 'teach-red-stability', note: 'Predict the queue before you press Play.' };

  it('carry the view beside the scenario and read back the same', async () => {
    const fragment = await encodeLabState({ ...steered, view });
    expect(fragment).toMatch(/^v3\./);
    const decoded = await decodeLabState(fragment);
    expect(decoded).toEqual({ ok: true, state: { ...steered, view } });
  });

  it('still open a v1 link made before views existed, with no view (it opens as it always did)', async () => {
    // Made by encodeLabState before version 3: RED, max_p 0.2, 12 flows at 5 s, small multiples.
    const old =
      'v1.JcxRSgMxEIDhu_zPg7SVIsyzXsBXKUtoRglukjWTVGXJ3aV4gO_b8auV0FJFd27WPNWCHgU3i-iTEEcLPdWyOPp4EDxFc_Rtp4RsKK8vzwjhK6M0iwhbaCH7fczhZ9nQw8NpzotgNyv9H3f0LHymElHc-vK-1m9H-Gh13IlwraN09Hialyms4beOjpLH2tO2mjP_AA';
    const decoded = await decodeLabState(old);
    expect(decoded).toEqual({
      ok: true,
      state: {
        scenario: { version: 1, seed: 7, duration_s: 30, sides: [{ name: 'RED', aqm: 'red', params: { max_p: 0.2 } }], events: [{ t: 5, kind: 'set_flows', group: 0, count: 12 }] },
        layout: 'multiples',
      },
    });
    expect(defaultLinkView).toMatchObject({ playing: true, speed: 10, range: 'recent' });
  });

  it('name what is wrong with a view, field by field', async () => {
    const bad = async (patch: Record<string, unknown>) => {
      const checked = checkLabState({ ...steered, view: { ...view, ...patch } });
      return checked.ok ? 'accepted' : checked.error;
    };
    expect(await bad({ speed: 7 })).toBe('view.speed: must be one of 1, 10, 30, 100, max');
    expect(await bad({ playing: 'yes' })).toBe('view.playing: must be true or false');
    expect(await bad({ range: 'day' })).toBe('view.range: must be "recent" or "whole"');
    expect(await bad({ panels: ['<script>'] })).toBe('view.panels: must be a list of at most 32 panel names');
    expect(await bad({ preset: '../x' })).toBe('view.preset: must be a preset name or null');
    expect(await bad({ note: 'x'.repeat(2001) })).toBe('view.note: must be text of at most 2000 characters');
    expect(await bad({ colour: 'red' })).toBe('view: unknown field "colour"');
    // Fields left out take the defaults of a link without a view.
    const partial = checkLabState({ ...steered, view: { playing: true } });
    expect(partial.ok && partial.state.view).toEqual({ ...defaultLinkView, playing: true });
  });
});
