// A strict JSON syntax check (RFC 8259) that says where the text goes wrong
// (line and column, the same in every browser, unlike JSON.parse's messages)
// and refuses deep nesting before JSON.parse and JSON.stringify have to
// recurse through it: text from a link or a file is not trusted. It refuses
// what the core's parser refuses (core-cpp/src/scenario/json_text.h), so
// the two agree on every text: a lone UTF-16 surrogate (escaped or raw), a
// number beyond a double's range (1e400), a key given twice in one object.

export type JsonCheck = { ok: true } | { ok: false; offset: number; line: number; column: number; message: string };

export const defaultMaxDepth = 64;

class Stop {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

function describe(ch: string | undefined): string {
  if (ch === undefined) return 'the end of the text';
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f ? `character U+${code.toString(16).padStart(4, '0')}` : `'${ch}'`;
}

class Scanner {
  private i = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  run(): void {
    this.space();
    this.value();
    this.space();
    if (this.i < this.text.length) this.fail('expected the end of the text after the JSON value');
  }

  private fail(message: string): never {
    throw new Stop(this.i, `${message}, found ${describe(this.text[this.i])}`);
  }

  private space(): void {
    while (this.i < this.text.length) {
      const c = this.text[this.i];
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return;
      this.i++;
    }
  }

  private value(): void {
    const c = this.text[this.i];
    if (c === '{') this.container('}', true);
    else if (c === '[') this.container(']', false);
    else if (c === '"') this.string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) this.number();
    else if (c === 't') this.word('true');
    else if (c === 'f') this.word('false');
    else if (c === 'n') this.word('null');
    else this.fail('expected a JSON value');
  }

  private container(close: '}' | ']', object: boolean): void {
    if (++this.depth > this.maxDepth) this.fail(`nesting deeper than ${this.maxDepth} levels`);
    this.i++;
    this.space();
    if (this.text[this.i] === close) {
      this.i++;
      this.depth--;
      return;
    }
    const keys = new Set<string>();
    for (;;) {
      if (object) {
        if (this.text[this.i] !== '"') this.fail('expected a quoted field name');
        const start = this.i;
        this.string();
        const key = JSON.parse(this.text.slice(start, this.i)) as string;
        if (keys.has(key)) {
          this.i = start;
          this.fail('a field name given twice in one object');
        }
        keys.add(key);
        this.space();
        if (this.text[this.i] !== ':') this.fail("expected ':' after the field name");
        this.i++;
        this.space();
      }
      this.value();
      this.space();
      const c = this.text[this.i];
      if (c === close) {
        this.i++;
        this.depth--;
        return;
      }
      if (c !== ',') this.fail(`expected ',' or '${close}'`);
      this.i++;
      this.space();
    }
  }

  private string(): void {
    this.i++; // opening quote
    for (;;) {
      const c = this.text[this.i];
      if (c === undefined) this.fail('unterminated string');
      if (c === '"') {
        this.i++;
        return;
      }
      if (c.charCodeAt(0) < 0x20) this.fail('control character inside a string (escape it)');
      if (c === '\\') {
        const e = this.text[this.i + 1];
        if (e === 'u') {
          const unit = this.escapedUnit(this.i);
          if (unit >= 0xdc00 && unit <= 0xdfff) this.fail('a lone low surrogate');
          this.i += 6;
          if (unit >= 0xd800 && unit <= 0xdbff) {
            const low = this.text.startsWith('\\u', this.i) ? this.escapedUnit(this.i) : -1;
            if (low < 0xdc00 || low > 0xdfff) this.fail('a high surrogate not followed by a low one');
            this.i += 6;
          }
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          this.i++;
          this.fail('invalid escape in a string');
        }
        this.i += 2;
        continue;
      }
      const unit = c.charCodeAt(0);
      if (unit >= 0xdc00 && unit <= 0xdfff) this.fail('a lone low surrogate');
      if (unit >= 0xd800 && unit <= 0xdbff) {
        const low = this.text.charCodeAt(this.i + 1);
        if (!(low >= 0xdc00 && low <= 0xdfff)) this.fail('a high surrogate not followed by a low one');
        this.i++;
      }
      this.i++;
    }
  }

  /** The code unit of the \\u escape at `at`. */
  private escapedUnit(at: number): number {
    const hex = this.text.slice(at + 2, at + 6);
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
      this.i = at + 2;
      this.fail('expected four hex digits after \\u');
    }
    return parseInt(hex, 16);
  }

  private digits(): number {
    const from = this.i;
    while (this.i < this.text.length) {
      const c = this.text[this.i];
      if (c === undefined || c < '0' || c > '9') break;
      this.i++;
    }
    return this.i - from;
  }

  private number(): void {
    const start = this.i;
    this.numberToken();
    if (!Number.isFinite(Number(this.text.slice(start, this.i)))) {
      this.i = start;
      this.fail('a number beyond the range of a double');
    }
  }

  private numberToken(): void {
    if (this.text[this.i] === '-') this.i++;
    if (this.text[this.i] === '0') this.i++;
    else if (this.digits() === 0) this.fail('expected a digit');
    if (this.text[this.i] === '.') {
      this.i++;
      if (this.digits() === 0) this.fail("expected a digit after '.'");
    }
    const e = this.text[this.i];
    if (e === 'e' || e === 'E') {
      this.i++;
      const sign = this.text[this.i];
      if (sign === '+' || sign === '-') this.i++;
      if (this.digits() === 0) this.fail('expected a digit in the exponent');
    }
  }

  private word(literal: string): void {
    for (const ch of literal) {
      if (this.text[this.i] !== ch) this.fail(`expected '${literal}'`);
      this.i++;
    }
  }
}

/** Line and column (both from 1) of a UTF-16 offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export function checkJson(text: string, maxDepth = defaultMaxDepth): JsonCheck {
  try {
    new Scanner(text, maxDepth).run();
    return { ok: true };
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    const { line, column } = lineColumn(text, e.offset);
    return { ok: false, offset: e.offset, line, column, message: e.message };
  }
}

/**
 * Checks then parses: the value, or a message with the line and column.
 * `what` names the source in the message ("scenario file", "link").
 */
export function parseCheckedJson(text: string, what: string, maxDepth = defaultMaxDepth): { ok: true; value: unknown } | { ok: false; error: string } {
  const check = checkJson(text, maxDepth);
  if (!check.ok) return { ok: false, error: `${what}: not valid JSON at line ${check.line}, column ${check.column}: ${check.message}` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    // The check above follows the same grammar; kept so a disagreement cannot throw.
    return { ok: false, error: `${what}: not valid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
}
