import { resolveColour } from '../lib/colours';
import { browserDownload } from '../lib/download';
import { chartSvg, pictureSize, type Picture, type PictureTheme } from './chart-svg';

// Saving a chart: the SVG document as it is, or rasterised at twice its size
// to a PNG (the data, axes, levels, title and legend in one image).

export function pictureTheme(): PictureTheme {
  return {
    background: resolveColour('var(--panel-bg)'),
    text: resolveColour('var(--text)'),
    muted: resolveColour('var(--muted)'),
    grid: resolveColour('var(--grid)'),
  };
}

/** A file-name-safe slug: lower case, words joined by '-'. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
}


export function downloadSvg(picture: Picture, fileName: string): void {
  browserDownload.save(fileName, new Blob([chartSvg(picture)], { type: 'image/svg+xml' }));
}

export async function downloadPng(picture: Picture, fileName: string, scale = 2): Promise<void> {
  const { width, height } = pictureSize(picture);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(chartSvg(picture))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = height * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas to draw the PNG on');
  ctx.scale(scale, scale);
  ctx.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the browser could not encode the PNG');
  browserDownload.save(fileName, blob);
}
