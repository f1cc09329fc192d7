import { layoutLevelLabels, markRowPx, type MarkLabel } from './mark-layout';
import type { PixelColumns } from './decimate';

// A chart as a standalone SVG document: title, legend, then one panel per
// chart (one in overlay, one per side in small multiples) with its axes,
// levels, event marks and the decimated series as paths. Pure string
// building, so it is tested without a DOM; the PNG export rasterises it.

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Tick {
  /** Pixels from the plot's left (x) or top (y) edge. */
  at: number;
  label: string;
}

export interface PanelPicture {
  width: number;
  height: number;
  margin: Margin;
  caption: string;
  yLabel: string;
  xTicks: Tick[];
  yTicks: Tick[];
  lines: { label: string; colour: string; dashed: boolean; d: string }[];
  levels: { at: number; label: string; colour: string }[];
  /** Where changes happened (px), and their labels placed so they do not overprint (mark-layout.ts). */
  markLines: number[];
  marks: MarkLabel[];
}

export interface PictureTheme {
  background: string;
  text: string;
  muted: string;
  grid: string;
}

export interface Picture {
  title: string;
  subtitle: string;
  legend: { label: string; colour: string; dashed: boolean }[];
  panels: PanelPicture[];
  theme: PictureTheme;
}

const headerLine = 18;
const legendRow = 18;
const panelGap = 12;
const pad = 10;

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const r1 = (v: number): string => String(Math.round(v * 10) / 10);

/** The path of strokeColumnPath: through each filled column's first, min, max and last value. */
export function columnsPath(c: PixelColumns, y: (value: number) => number): string {
  const parts: string[] = [];
  for (let p = 0; p < c.width; p++) {
    const n = c.count[p] ?? 0;
    if (n === 0) continue;
    const x = r1(p + 0.5);
    parts.push(`${parts.length === 0 ? 'M' : 'L'}${x} ${r1(y(c.first[p] ?? 0))}`);
    if (n > 1) {
      parts.push(`L${x} ${r1(y(c.min[p] ?? 0))}`, `L${x} ${r1(y(c.max[p] ?? 0))}`, `L${x} ${r1(y(c.last[p] ?? 0))}`);
    }
  }
  return parts.join('');
}

/** Legend entries laid out left to right, wrapping at `width`. */
function legendLayout(legend: Picture['legend'], width: number): { x: number; row: number }[] {
  let x = pad;
  let row = 0;
  return legend.map((entry) => {
    const w = 44 + entry.label.length * 7;
    if (x + w > width - pad && x > pad) {
      row++;
      x = pad;
    }
    const at = { x, row };
    x += w;
    return at;
  });
}

export function pictureSize(picture: Picture): { width: number; height: number; top: number } {
  const panelsWidth = picture.panels.reduce((sum, p) => sum + p.width, 0) + panelGap * (picture.panels.length - 1);
  const width = Math.max(320, Math.ceil(panelsWidth + 2 * pad));
  const rows = picture.legend.length === 0 ? 0 : Math.max(...legendLayout(picture.legend, width).map((l) => l.row)) + 1;
  const top = pad + 2 * headerLine + rows * legendRow + 4;
  const height = Math.ceil(top + Math.max(0, ...picture.panels.map((p) => p.height + (p.caption ? headerLine : 0))) + pad);
  return { width, height, top };
}

function panelSvg(panel: PanelPicture, theme: PictureTheme, index: number): string {
  const { margin } = panel;
  const plotW = panel.width - margin.left - margin.right;
  const plotH = panel.height - margin.top - margin.bottom;
  const out: string[] = [];
  const captionShift = panel.caption ? headerLine : 0;
  if (panel.caption) {
    out.push(`<text x="${margin.left}" y="12" font-weight="600" fill="${theme.text}">${escapeXml(panel.caption)}</text>`);
  }
  out.push(`<g transform="translate(${margin.left},${margin.top + captionShift})">`);
  // y axis with grid lines
  out.push(`<g class="axis y-axis" font-size="10" fill="${theme.muted}" text-anchor="end">`);
  for (const t of panel.yTicks) {
    out.push(`<line x1="0" x2="${r1(plotW)}" y1="${r1(t.at)}" y2="${r1(t.at)}" stroke="${theme.grid}"/>`);
    out.push(`<text x="-6" y="${r1(t.at + 3.5)}">${escapeXml(t.label)}</text>`);
  }
  out.push(`<line x1="0" x2="0" y1="0" y2="${r1(plotH)}" stroke="${theme.muted}"/>`);
  out.push('</g>');
  // x axis
  out.push(`<g class="axis x-axis" font-size="10" fill="${theme.muted}" text-anchor="middle">`);
  out.push(`<line x1="0" x2="${r1(plotW)}" y1="${r1(plotH)}" y2="${r1(plotH)}" stroke="${theme.muted}"/>`);
  for (const t of panel.xTicks) {
    out.push(`<line x1="${r1(t.at)}" x2="${r1(t.at)}" y1="${r1(plotH)}" y2="${r1(plotH + 5)}" stroke="${theme.muted}"/>`);
    out.push(`<text x="${r1(t.at)}" y="${r1(plotH + 16)}">${escapeXml(t.label)}</text>`);
  }
  out.push('</g>');
  out.push(
    `<text class="axis-label" transform="translate(${-margin.left + 12},0) rotate(-90)" text-anchor="end" font-size="10" fill="${theme.muted}">${escapeXml(panel.yLabel)}</text>`,
  );
  out.push(`<clipPath id="plot-${index}"><rect width="${r1(plotW)}" height="${r1(plotH)}"/></clipPath>`);
  for (const at of panel.markLines) {
    out.push(`<line class="mark" x1="${r1(at)}" x2="${r1(at)}" y1="0" y2="${r1(plotH)}" stroke="${theme.muted}" stroke-dasharray="4 3"/>`);
  }
  for (const mark of panel.marks) {
    const textX = mark.anchorEnd ? mark.x - 3 : mark.x + 3;
    const anchor = mark.anchorEnd ? ' text-anchor="end"' : '';
    out.push(
      `<text x="${r1(textX)}" y="${9 + mark.row * markRowPx}" font-size="9"${anchor} fill="${theme.muted}">${escapeXml(mark.text)}</text>`,
    );
  }
  out.push(`<g clip-path="url(#plot-${index})">`);
  for (const line of panel.lines) {
    if (!line.d) continue;
    const dash = line.dashed ? ' stroke-dasharray="6 3" stroke-width="2"' : ' stroke-width="1.25"';
    out.push(
      `<path class="series" d="${line.d}" fill="none" stroke="${line.colour}"${dash} stroke-linejoin="round"><title>${escapeXml(line.label)}</title></path>`,
    );
  }
  out.push('</g>');
  // Levels over the data: a dense series would hide them otherwise.
  const levelEnds = layoutLevelLabels(
    panel.levels.map((l) => ({ y: l.at, label: l.label })),
    plotW,
  );
  panel.levels.forEach((level, i) => {
    out.push(
      `<line class="level" x1="0" x2="${r1(plotW)}" y1="${r1(level.at)}" y2="${r1(level.at)}" stroke="${level.colour}" stroke-dasharray="2 3"/>`,
      `<text x="${r1(levelEnds[i] ?? plotW - 2)}" y="${r1(level.at - 3)}" text-anchor="end" font-size="9" fill="${level.colour}" paint-order="stroke" stroke="${theme.background}" stroke-width="3">${escapeXml(level.label)}</text>`,
    );
  });
  out.push('</g>');
  return out.join('');
}

/** The standalone SVG document of `picture`. */
export function chartSvg(picture: Picture): string {
  const { width, height, top } = pictureSize(picture);
  const { theme } = picture;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<title>${escapeXml(picture.title)}</title>`,
    `<rect width="100%" height="100%" fill="${theme.background}"/>`,
    `<text x="${pad}" y="${pad + 12}" font-size="14" font-weight="600" fill="${theme.text}">${escapeXml(picture.title)}</text>`,
    `<text x="${pad}" y="${pad + headerLine + 10}" font-size="11" fill="${theme.muted}">${escapeXml(picture.subtitle)}</text>`,
  ];
  const placed = legendLayout(picture.legend, width);
  picture.legend.forEach((entry, i) => {
    const at = placed[i] ?? { x: pad, row: 0 };
    const y = pad + 2 * headerLine + at.row * legendRow + 8;
    const dash = entry.dashed ? ' stroke-dasharray="5 3"' : '';
    out.push(
      `<line x1="${at.x}" x2="${at.x + 22}" y1="${y - 4}" y2="${y - 4}" stroke="${entry.colour}" stroke-width="2"${dash}/>`,
      `<text x="${at.x + 28}" y="${y}" font-size="11" fill="${theme.text}">${escapeXml(entry.label)}</text>`,
    );
  });
  let x = pad;
  picture.panels.forEach((panel, i) => {
    out.push(`<g class="panel" transform="translate(${r1(x)},${top})">${panelSvg(panel, theme, i)}</g>`);
    x += panel.width + panelGap;
  });
  out.push('</svg>');
  return out.join('');
}
