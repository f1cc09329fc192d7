// The drawing worker: owns every chart's canvas (OffscreenCanvas) and paints
// the geometry the page sends, so the raster work stays off the main thread.
// See plot-painter.ts, which declares its API.
import { expose } from 'comlink';
import { paintFrame, sizeCanvas } from './column-marks';
import type { PlotApi } from './plot-painter';

const canvases = new Map<number, OffscreenCanvas>();

const painter: PlotApi = {
  attach: (id, canvas) => void canvases.set(id, canvas),
  paint: (frames) => {
    for (const { id, frame } of frames) {
      const canvas = canvases.get(id);
      if (!canvas) continue;
      sizeCanvas(canvas, frame);
      const ctx = canvas.getContext('2d');
      if (ctx) paintFrame(ctx, frame);
    }
  },
  detach: (id) => void canvases.delete(id),
};

expose(painter);
