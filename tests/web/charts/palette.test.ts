import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lab, rgb } from 'd3-color';
import { describe, expect, it } from 'vitest';
import { markerPath } from '../../../web/src/charts/markers';
import { sideMarkers } from '../../../web/src/lib/colours';

// The six side colours stay apart for the commonest colour-vision deficiency:
// each theme's palette, passed through a simulated deuteranopia (Machado,
// Oliveira & Fernandes 2009, severity 1, applied in linear RGB), keeps every
// pair at least minDistance apart in CIELAB (CIE76 ΔE). Colour is never the
// only cue: every side also has its own marker shape.

const minDistance = 12;

const deuteranopia = [
  [0.367322, 0.860646, -0.227968],
  [0.280085, 0.672501, 0.047413],
  [-0.01182, 0.04294, 0.968881],
];

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

function simulate(hex: string): string {
  const c = rgb(hex);
  const linear = [c.r, c.g, c.b].map((v) => toLinear(v / 255));
  const out = deuteranopia.map((row) => row.reduce((sum, m, i) => sum + m * (linear[i] ?? 0), 0));
  const [r, g, b] = out.map((v) => Math.round(255 * toGamma(Math.min(1, Math.max(0, v)))));
  return rgb(r ?? 0, g ?? 0, b ?? 0).formatHex();
}

function distance(a: string, b: string): number {
  const p = lab(a);
  const q = lab(b);
  return Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b);
}

const css = readFileSync(fileURLToPath(new URL('../../../web/src/styles.css', import.meta.url)), 'utf8');

function palette(theme: 'light' | 'dark'): string[] {
  const block = new RegExp(`:root\\[data-theme='${theme}'\\][^{]*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Array.from({ length: 6 }, (_, i) => new RegExp(`--side-${i}:\\s*(#[0-9a-fA-F]{6})`).exec(block)?.[1] ?? '');
}

describe('the side palette', () => {
  it('simulates deuteranopia as published: red and green meet, blue stays', () => {
    // Pure red and pure green land close together; blue stays far from both.
    expect(distance(simulate('#ff0000'), simulate('#00ff00'))).toBeLessThan(distance('#ff0000', '#00ff00') / 2);
    expect(distance(simulate('#0000ff'), simulate('#ff0000'))).toBeGreaterThan(40);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`keeps the six ${theme}-theme colours apart under simulated deuteranopia`, () => {
      const colours = palette(theme);
      expect(colours.every((c) => /^#[0-9a-f]{6}$/i.test(c))).toBe(true);
      const close: string[] = [];
      for (let i = 0; i < colours.length; i++) {
        for (let j = i + 1; j < colours.length; j++) {
          const d = distance(simulate(colours[i] ?? ''), simulate(colours[j] ?? ''));
          if (d < minDistance) close.push(`side ${i} ${colours[i]} ~ side ${j} ${colours[j]}: ΔE ${d.toFixed(1)}`);
        }
      }
      expect(close).toEqual([]);
    });
  }

  it('gives every side its own marker shape as a second cue', () => {
    expect(new Set(sideMarkers).size).toBe(6);
    const paths = sideMarkers.map((shape) => markerPath(shape, 4.5));
    expect(new Set(paths).size).toBe(6);
    for (const d of paths) expect(d).toMatch(/^M.*Z$/);
  });
});
