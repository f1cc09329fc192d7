import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { withPngText } from '../../../web/src/experiment/figure-export';
import { defaultFigure, figureLabels, readFigure } from '../../../web/src/experiment/figure-options';

// A PNG's chunks as a reader walks them: length, type, data, and whether the
// stored CRC is the CRC-32 of type and data (node's zlib computes it here,
// independently of the page's library).
function chunks(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out: { type: string; data: Uint8Array; crcOk: boolean }[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = view.getUint32(at);
    const typed = png.subarray(at + 4, at + 8 + length);
    out.push({ type: Buffer.from(typed.subarray(0, 4)).toString('latin1'), data: typed.subarray(4), crcOk: view.getUint32(at + 8 + length) === crc32(typed) });
    at += 12 + length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, tail]);
}

// The smallest real image: 1x1 grey, its IDAT the zlib stream of one filtered row.
const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
const idat = Buffer.from([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]);
const png = new Uint8Array(Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array())]));

describe("a figure's PNG carries what it shows", () => {
  it('puts tEXt chunks with valid CRCs right after IHDR and keeps every other chunk as it was', () => {
    const out = withPngText(png, { Title: 'mean_queue_pkts against N', Description: 'mean over 3 seeds', aqmlab: '{"seeds":3}' });
    const read = chunks(out);
    expect(read.map((c) => c.type)).toEqual(['IHDR', 'tEXt', 'tEXt', 'tEXt', 'IDAT', 'IEND']);
    expect(read.every((c) => c.crcOk)).toBe(true);
    const text = Object.fromEntries(read.filter((c) => c.type === 'tEXt').map((c) => {
      const nul = c.data.indexOf(0);
      return [Buffer.from(c.data.subarray(0, nul)).toString('latin1'), Buffer.from(c.data.subarray(nul + 1)).toString('latin1')];
    }));
    expect(text).toEqual({ Title: 'mean_queue_pkts against N', Description: 'mean over 3 seeds', aqmlab: '{"seeds":3}' });
    expect(Buffer.from(out.subarray(out.length - 12))).toEqual(chunk('IEND', new Uint8Array()));
  });

  it('writes text outside Latin-1 printable as \\u escapes (tEXt holds Latin-1 only)', () => {
    const out = withPngText(png, { Title: 'N × 5 → τ' });
    const t = chunks(out).find((c) => c.type === 'tEXt');
    expect(Buffer.from(t?.data ?? []).toString('latin1')).toBe('Title\0N \\u00d7 5 \\u2192 \\u03c4');
  });

  it('refuses a file that is not a PNG', () => {
    expect(() => withPngText(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]), { Title: 'x' })).toThrow('not a PNG file');
  });
});

describe('figure options', () => {
  it('default to the axis path and metric, with the factor shown when it is not 1', () => {
    const f = defaultFigure(false);
    expect(figureLabels(f, 'groups[*].count', 'response_time_s')).toEqual({ x: 'groups[*].count', y: 'response_time_s', censored: 'no value' });
    expect(figureLabels({ ...f, xScale: 5 }, 'groups[*].count', 'response_time_s').x).toBe('5 × groups[*].count');
    expect(figureLabels({ ...f, xLabel: 'N (flows in total)', censoredLabel: '> 200 s' }, 'groups[*].count', 'm')).toEqual({ x: 'N (flows in total)', y: 'm', censored: '> 200 s' });
  });

  it("come back from a link as they were, and a bad one is refused naming the field", () => {
    const f = { ...defaultFigure(true), xScale: 5, yLabel: 'response time (s)', logY: true };
    expect(readFigure(JSON.parse(JSON.stringify(f)))).toEqual({ ok: true, value: f });
    expect(readFigure({ ...f, xScale: 0 })).toEqual({ ok: false, error: 'experiment.plot.figure.xScale: must be a number above 0' });
    expect(readFigure({ ...f, xLabel: 'x'.repeat(121) })).toEqual({ ok: false, error: 'experiment.plot.figure.xLabel: must be a text of at most 120 characters' });
  });
});
