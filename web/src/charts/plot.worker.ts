// The drawing worker: owns every chart's canvas (OffscreenCanvas) and paints
// the geometry the page sends, so the raster work stays off the main thread.
// See plot-painter.ts.
import { paintFrame, sizeCanvas } from './column-marks';
import type { ToPlotWorker } from './plot-painter';

const canvases = new Map<number, OffscreenCanvas>();

self.addEventListener('message', (event: MessageEvent) => {
  const m = event.data as ToPlotWorker;
  if (m.type === 'attach') {
    canvases.set(m.id, m.canvas);
    return;
  }
  if (m.type === 'detach') {
    canvases.delete(m.id);
    return;
  }
  const canvas = canvases.get(m.id);
  if (!canvas) return;
  sizeCanvas(canvas, m.frame);
  const ctx = canvas.getContext('2d');
  if (ctx) paintFrame(ctx, m.frame);
});
