import { describe, expect, it } from 'vitest';
import { checkJson, lineColumn } from '../../../web/src/lib/json-check';
import { presetText } from '../support/preset-files';

// The syntax check must accept exactly what JSON.parse accepts, but for what
// the core's parser refuses too (a lone surrogate, a number past a double's
// range, a key given twice; tests/web/scenario/hostile-input.property.test.ts checks
// the agreement with the core), and it adds a position and a depth limit.
// It is compared with JSON.parse on hand-picked cases and on thousands of
// random corruptions of a real preset.

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const cases = [
  '{}', '[]', '0', '-0', '1.5e-7', '1E+2', '"a\\u00e9\\n"', 'true', 'null', ' \n\t{"a": [1, {"b": null}]}\r\n',
  '', ' ', '01', '-', '1.', '.5', '1e', '+1', 'tru', 'nul', '"abc', '"\\x"', '"\\u12g4"', '"tab\there"',
  '{"a" 1}', '{"a": 1,}', '[1,]', '[1 2]', '{1: 2}', "{'a': 1}", '{"a": 1} x', 'NaN', 'Infinity', '[,]', '{"a":}',
  '"\u2028"', '"\ud83d\ude00"', '"\\ud83d\\ude00"', '[-]', '[1e5.5]', '0x10', '1e308', '-1e-400',
];

// Valid for JSON.parse, refused by the core and so by the check.
const coreRefuses = [
  '"\ud800"', '"\udc00"', '"a\ud800b"', '"\\ud800"', '"\\udc00"', '"\\ud800\\u0041"', '"\\ud800x"',
  '1e400', '-1e400', '[1.5e309]', '{"a": 1, "a": 2}', '{"b": {"a": 1, "\\u0061": 2}}',
];

/** Why the check refused a text JSON.parse takes: one of the core's refusals. */
const coreRefusal = /^(a lone low surrogate|a high surrogate not followed by a low one|a number beyond the range of a double|a field name given twice in one object), found /;

// A small deterministic generator, so a failure replays.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('the JSON syntax check', () => {
  it('agrees with JSON.parse on hand-picked cases', () => {
    for (const text of cases) expect(checkJson(text).ok, JSON.stringify(text)).toBe(parses(text));
  });

  it("refuses what JSON.parse takes but the core's parser does not", () => {
    for (const text of coreRefuses) {
      expect(parses(text), text).toBe(true);
      const check = checkJson(text);
      expect(check.ok ? '' : check.message, text).toMatch(coreRefusal);
    }
    expect(checkJson('{"a": 1,\n "a": 2}')).toMatchObject({ ok: false, line: 2, column: 2 });
    expect(checkJson('[0, 1e400]')).toMatchObject({ ok: false, line: 1, column: 5 });
  });

  it('agrees with JSON.parse on random corruptions of a preset', () => {
    const original = presetText('aaqm-mixed');
    const alphabet = '{}[]",:0123456789.-+eE \n\\tfnu';
    const next = random(12345);
    for (let n = 0; n < 3000; n++) {
      const chars = [...original];
      const edits = 1 + Math.floor(next() * 3);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(next() * chars.length);
        const op = next();
        const ch = alphabet[Math.floor(next() * alphabet.length)] ?? ' ';
        if (op < 0.4) chars.splice(at, 1);
        else if (op < 0.7) chars.splice(at, 0, ch);
        else chars[at] = ch;
      }
      const text = chars.join('');
      const check = checkJson(text);
      if (check.ok || !parses(text)) expect(check.ok, text).toBe(parses(text));
      else expect(check.message, text).toMatch(coreRefusal);
    }
  });

  it('points at the first offending character', () => {
    const text = '{\n  "a": 1,\n  "b": tru\n}';
    const check = checkJson(text);
    expect(check).toEqual({ ok: false, offset: 22, line: 3, column: 11, message: "expected 'true', found character U+000a" });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });

  it('refuses nesting deeper than the limit, and accepts it up to the limit', () => {
    expect(checkJson(`${'['.repeat(64)}${']'.repeat(64)}`).ok).toBe(true);
    const deep = checkJson(`${'['.repeat(65)}${']'.repeat(65)}`);
    expect(deep.ok === false && deep.message).toBe("nesting deeper than 64 levels, found '['");
    expect(checkJson('{"a": {"b": 1}}', 1).ok).toBe(false);
  });
});
