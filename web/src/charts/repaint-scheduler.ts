// Coalesces any number of repaint requests between two frames into one paint,
// so a burst of batches costs one redraw.

export interface FrameSource {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export const animationFrames: FrameSource = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export class RepaintScheduler {
  private handle: number | null = null;

  constructor(
    private readonly paint: () => void,
    private readonly frames: FrameSource = animationFrames,
  ) {}

  request(): void {
    if (this.handle !== null) return;
    this.handle = this.frames.request(() => {
      this.handle = null;
      this.paint();
    });
  }

  cancel(): void {
    if (this.handle !== null) this.frames.cancel(this.handle);
    this.handle = null;
  }
}
