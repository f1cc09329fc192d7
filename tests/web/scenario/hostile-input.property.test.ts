import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkJson } from '../../../web/src/lib/json-check';
import { decodeLabState, encodeLabState, toBase64Url, type LabState } from '../../../web/src/scenario/url-codec';
import { coreError, nodeCore, nodeCoreBuilt } from '../support/node-core';
import { presetText } from '../support/preset-files';

// Property tests (fast-check) of what the page takes from outside: the share
// link codec and the JSON check. Random and mutated input is refused with a
// message, never a throw, or accepted into a state the core accepts too
// (the hostile-input audit). Seeds are fixed so a failure replays; raise numRuns to search
// longer (AQMLAB_PROPERTY_RUNS).

const runs = Number(process.env.AQMLAB_PROPERTY_RUNS ?? 200);
const settings = { numRuns: runs, seed: 14 };

/** A refusal of the core's that is about the JSON text itself, not the scenario. */
const coreJsonRefusal = /^scenario: not valid JSON|given twice \(a key may appear only once|nesting deeper than/;

const preset = JSON.parse(presetText('aaqm-mixed')) as { scenario: Record<string, unknown> };

// Text that stresses the parsers: lone and paired surrogates (escaped and
// raw), numbers at and past a double's range, duplicate keys, control
// characters, deep nesting.
const nasty = fc.constantFrom(
  '\\ud800', '\\udc00', '\\ud83d\\ude00', '\ud800', '\udc00', '\ud83d\ude00', '1e400', '-1e400', '1e308',
  '9007199254740993', '1e-400', '"a":1,"a":2', '\\u0000', '\u001b[2J', '[[[[[[[[', ']]]]', '""', ':', ',',
);

const rawLoneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Any UTF-16 code units, lone surrogates included. */
const anyUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((units) => String.fromCharCode(...units));

/** A JSON text with a few random edits, some of them from `nasty`. */
const mutatedJson = fc
  .tuple(fc.json({ maxDepth: 3, depthSize: 'small' }), fc.array(fc.tuple(fc.nat(), fc.oneof(nasty, fc.string({ maxLength: 3 })), fc.boolean()), { maxLength: 3 }))
  .map(([text, edits]) => {
    let out = text;
    for (const [at, insert, replace] of edits) {
      const i = at % (out.length + 1);
      out = out.slice(0, i) + insert + out.slice(replace ? i + 1 : i);
    }
    return out;
  });

/** A valid scenario with one field set to a random value. */
const mutatedScenario = fc
  .tuple(
    fc.constantFrom('seed', 'duration_s', 'warmup_s', 'bottleneck', 'groups', 'sides', 'events', 'access_mbps', 'topology', 'response', ''),
    fc.oneof(fc.jsonValue({ maxDepth: 2, depthSize: 'small' }), fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -0, 0.1 + 0.2)),
  )
  .map(([key, value]) => ({ ...preset.scenario, [key]: value }));

describe('the JSON check', { timeout: 60_000 }, () => {
  it('never throws, and what it accepts JSON.parse accepts', () => {
    fc.assert(
      fc.property(fc.oneof(mutatedJson, anyUnits), (text) => {
        const check = checkJson(text);
        if (check.ok) expect(() => JSON.parse(text) as unknown).not.toThrow();
        else expect(check.message.length).toBeGreaterThan(0);
      }),
      settings,
    );
  });
});

describe.skipIf(!nodeCoreBuilt)('the JSON check and the core', { timeout: 60_000 }, () => {
  it('agree on every text: both accept it as JSON or both refuse it', async () => {
    const core = await nodeCore();
    fc.assert(
      fc.property(fc.oneof(mutatedJson, anyUnits), (text) => {
        const pageOk = checkJson(text).ok;
        // A raw lone surrogate cannot reach the core as it is (the string
        // arrives as UTF-8, the surrogate as U+FFFD): the page refuses it.
        if (rawLoneSurrogate.test(text)) {
          expect(pageOk, JSON.stringify(text)).toBe(false);
          return;
        }
        const error = coreError(core, text);
        expect(coreJsonRefusal.test(error), `page ${pageOk ? 'accepts' : 'refuses'} ${JSON.stringify(text)}; core: ${error}`).toBe(!pageOk);
      }),
      settings,
    );
  });
});

describe('the share link codec', { timeout: 60_000 }, () => {
  it('refuses random fragments with a message and never throws', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string().map((s) => `v1.${s}`), fc.base64String().map((s) => `v1.${s}`)), async (fragment) => {
        const decoded = await decodeLabState(fragment);
        if (!decoded.ok) expect(decoded.error).toMatch(/^(link|state|scenario|layout|experiment)\b/);
      }),
      settings,
    );
  });

  it.skipIf(!nodeCoreBuilt)('turns mutated links into a message or a state the core reads', async () => {
    const core = await nodeCore();
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutatedJson, mutatedScenario.map((s) => JSON.stringify({ scenario: s }))), async (json) => {
        const fragment = `v1.${toBase64Url(deflateRawSync(Buffer.from(json, 'utf8')))}`;
        const decoded = await decodeLabState(fragment);
        if (!decoded.ok) return;
        // The core reads the scenario as JSON; it may refuse a field, by name.
        const error = coreError(core, JSON.stringify(decoded.state.scenario));
        expect(error, json).not.toMatch(coreJsonRefusal);
        if (error !== '') {
          expect(error, json).toMatch(/^\S[^\n]*: /);  // "<field path>: <what is wrong>"
          expect(error.length, json).toBeLessThan(400);
        }
      }),
      settings,
    );
  });

  it.skipIf(!nodeCoreBuilt)('round-trips every mutated scenario the core accepts', async () => {
    const core = await nodeCore();
    await fc.assert(
      fc.asyncProperty(mutatedScenario, async (scenario) => {
        if (coreError(core, JSON.stringify(scenario)) !== '') return;
        const state: LabState = { scenario, layout: 'overlay' };
        const decoded = await decodeLabState(await encodeLabState(state));
        // As JSON: a link carries JSON, where -0 is 0.
        expect(decoded.ok && JSON.stringify(decoded.state)).toBe(JSON.stringify(state));
      }),
      settings,
    );
  });
});
