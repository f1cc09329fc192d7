import { buffersOf, paintFrame, sizeCanvas, type PlotFrame } from './column-marks';

// Who rasterises a chart's lines. With the GPU off (this project's Chromium
// runs with --disable-gpu, and many classroom laptops fall back to software),
// a 2D canvas is rasterised on the page's main thread when the frame is
// committed; measured on the development machine, that raster was most of the
// main thread's time at 10x (web/README.md, design notes). So each chart's
// canvas is handed to one shared drawing worker (OffscreenCanvas), and the
// page only computes the geometry and posts it; where OffscreenCanvas or
// workers are missing, the page paints it itself.

export interface PlotPainter {
  paint(frame: PlotFrame): void;
  destroy(): void;
}

export type ToPlotWorker =
  | { type: 'attach'; id: number; canvas: OffscreenCanvas }
  | { type: 'paint'; id: number; frame: PlotFrame }
  | { type: 'detach'; id: number };

let shared: Worker | null = null;
let nextId = 1;

function plotWorker(): Worker {
  shared ??= new Worker(new URL('./plot.worker.ts', import.meta.url), { type: 'module', name: 'plot' });
  return shared;
}

export function createPlotPainter(canvas: HTMLCanvasElement): PlotPainter {
  if (typeof Worker === 'undefined' || typeof canvas.transferControlToOffscreen !== 'function') {
    return {
      paint: (f) => {
        sizeCanvas(canvas, f);
        const ctx = canvas.getContext('2d');
        if (ctx) paintFrame(ctx, f);
      },
      destroy: () => undefined,
    };
  }
  const id = nextId++;
  const offscreen = canvas.transferControlToOffscreen();
  const send = (message: ToPlotWorker, transfer: Transferable[]) => plotWorker().postMessage(message, transfer);
  send({ type: 'attach', id, canvas: offscreen }, [offscreen]);
  return {
    paint: (frame) => send({ type: 'paint', id, frame }, frame.series.flatMap(buffersOf)),
    destroy: () => send({ type: 'detach', id }, []),
  };
}
