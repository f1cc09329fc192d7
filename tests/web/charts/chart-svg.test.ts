import { describe, expect, it } from 'vitest';
import { chartSvg, columnsPath, escapeXml, pictureSize, type PanelPicture, type Picture } from '../../../web/src/charts/chart-svg';
import { createPixelColumns, decimate } from '../../../web/src/charts/decimate';
import { SeriesStore } from '../../../web/src/charts/series-store';
import { xmlElements } from '../support/xml-check';

function storeOf(values: number[]): SeriesStore {
  const store = new SeriesStore(['t', 'v'], 64);
  const n = values.length;
  const batch = new Float64Array(2 * n);
  values.forEach((v, i) => {
    batch[i] = i;
    batch[n + i] = v;
  });
  store.append(batch, n);
  return store;
}

function panel(lines: PanelPicture['lines'], caption = ''): PanelPicture {
  return {
    width: 400,
    height: 200,
    margin: { top: 10, right: 14, bottom: 26, left: 52 },
    caption,
    yLabel: 'packets',
    xTicks: [0, 10, 20].map((v) => ({ at: v * 10, label: `${v} s` })),
    yTicks: [0, 50, 100].map((v) => ({ at: 164 - v, label: String(v) })),
    lines,
    levels: [{ at: 40, label: 'RED max_th', colour: '#2b6cb0' }],
    markLines: [120],
    marks: [{ x: 120, text: 'flows → 200', row: 0, anchorEnd: false, title: 'flows → 200' }],
  };
}

const theme = { background: '#fff', text: '#111', muted: '#555', grid: '#eee' };

describe('columnsPath', () => {
  it('visits each filled pixel column once in, through min and max, and out', () => {
    const columns = createPixelColumns(4);
    decimate(storeOf([1, 5, 2, 8, 3, 3]), 0, 1, 0, 5, columns); // pixels: {0},{1,2?}...
    const d = columnsPath(columns, (v) => 100 - v);
    expect(d.startsWith('M0.5 99')).toBe(true);
    // one M, and L steps only: a single connected path
    expect(d.match(/M/g)).toHaveLength(1);
    expect(d).not.toMatch(/NaN/);
  });

  it('is empty for a series with no samples in view', () => {
    expect(columnsPath(createPixelColumns(10), (v) => v)).toBe('');
  });
});

describe('chartSvg', () => {
  const picture: Picture = {
    title: 'AQM Lab — Queue length (packets)',
    subtitle: 'Drop-tail (droptail) vs R&D <RED> (red) · t = 0.0–60.0 s',
    legend: [
      { label: 'Drop-tail', colour: '#d9822b', dashed: false },
      { label: 'R&D <RED>', colour: '#2b6cb0', dashed: false },
      { label: 'R&D <RED> average', colour: '#0a1f3d', dashed: true },
    ],
    panels: [
      panel([
        { label: 'Drop-tail', colour: '#d9822b', dashed: false, d: 'M0.5 10L1.5 12' },
        { label: 'R&D <RED>', colour: '#2b6cb0', dashed: false, d: 'M0.5 30L1.5 32' },
        { label: 'R&D <RED> average', colour: '#0a1f3d', dashed: true, d: 'M0.5 40L1.5 41' },
      ]),
    ],
    theme,
  };

  it('is a well-formed SVG document with one path per drawn series, axes and levels', () => {
    const svg = chartSvg(picture);
    const elements = xmlElements(svg);
    expect(elements[0]).toBe('svg');
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect((svg.match(/<path class="series"/g) ?? []).length).toBe(3);
    expect(svg).toContain('class="axis x-axis"');
    expect(svg).toContain('class="axis y-axis"');
    expect(svg).toContain('>20 s<');
    expect(svg).toContain('class="level"');
    expect(svg).toContain('class="mark"');
  });

  it('escapes names that look like markup', () => {
    const svg = chartSvg(picture);
    expect(svg).not.toContain('<RED>');
    expect(svg).toContain(escapeXml('R&D <RED>'));
  });

  it('skips empty series and lays small multiples side by side', () => {
    const multiples: Picture = {
      ...picture,
      panels: [
        panel([{ label: 'Drop-tail', colour: '#d9822b', dashed: false, d: 'M0 0L1 1' }], 'Drop-tail'),
        panel([{ label: 'RED', colour: '#2b6cb0', dashed: false, d: '' }], 'RED'),
      ],
    };
    const svg = chartSvg(multiples);
    xmlElements(svg);
    expect((svg.match(/<path class="series"/g) ?? []).length).toBe(1);
    expect((svg.match(/<g class="panel"/g) ?? []).length).toBe(2);
    expect(pictureSize(multiples).width).toBeGreaterThanOrEqual(2 * 400);
    expect(svg).toContain('translate(422,'); // second panel: pad 10 + 400 + gap 12
  });
});
