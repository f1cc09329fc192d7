import { transfer } from 'comlink';
import { WorkerRpc, workerEnd } from '../lib/worker-rpc';
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

/** One chart's frame, for the canvas attached as `id`. */
export interface ChartFrame {
  id: number;
  frame: PlotFrame;
}

/** The drawing worker's API (plot.worker.ts implements it): canvases by id, and frames painted on them. */
export interface PlotApi {
  attach(id: number, canvas: OffscreenCanvas): void;
  /** Every chart painted in one task of the page (an animation frame), in one call. */
  paint(frames: ChartFrame[]): void;
  detach(id: number): void;
}

let shared: WorkerRpc<PlotApi> | null = null;
let nextId = 1;
/** Frames painted in the page's current task, sent together when it ends. */
const pending: ChartFrame[] = [];

function plotWorker(): WorkerRpc<PlotApi> {
  shared ??= new WorkerRpc<PlotApi>(
    workerEnd(new Worker(new URL('./plot.worker.ts', import.meta.url), { type: 'module', name: 'plot' }), 'the drawing worker failed to start'),
  );
  return shared;
}

/** A drawing worker that died leaves its charts blank; nothing waits on a paint. */
const ignore = (): undefined => undefined;

/**
 * The paint loop draws every chart in one animation frame: their frames go
 * to the worker as one call at the end of that task, not one call (and one
 * answer back, a task of the page's) per chart.
 */
function sendPending(): void {
  const frames = pending.splice(0);
  const buffers = frames.flatMap((f) => f.frame.series.flatMap(buffersOf));
  plotWorker()
    .call((w) => w.paint(transfer(frames, buffers)))
    .catch(ignore);
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
  const worker = plotWorker();
  worker.call((w) => w.attach(id, transfer(offscreen, [offscreen]))).catch(ignore);
  return {
    paint: (frame) => {
      if (pending.length === 0) queueMicrotask(sendPending);
      pending.push({ id, frame });
    },
    destroy: () => void worker.call((w) => w.detach(id)).catch(ignore),
  };
}
