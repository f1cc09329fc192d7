import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { metrics } from '../charts/metrics';
import { setNearest, sketchTimes } from './sketch';
import type { sketchCharts } from './lesson-format';

// The pad a prediction is sketched on: the chart's axes (time from 0 to the
// step's run time, the metric from 0 to the step's y_max), a curve through
// evenly spaced points. Drawn with a pointer (press and drag) or the keyboard
// (a slider: Left/Right pick a point, Up/Down move it, Page Up/Down move it
// further, Home/End the first or last point).

const width = 340;
const height = 170;
const m = { left: 44, right: 10, top: 10, bottom: 26 };

interface SketchPadProps {
  id: string;
  chart: keyof typeof sketchCharts;
  untilS: number;
  yMax: number;
  values: readonly number[];
  disabled: boolean;
  onChange: (values: number[]) => void;
}

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Number(v.toPrecision(3)).toString());

export function SketchPad({ id, chart, untilS, yMax, values, disabled, onChange }: SketchPadProps) {
  const [at, setAt] = useState(0);
  const drawing = useRef(false);
  const metric = metrics[chart];
  const times = sketchTimes(untilS, values.length);
  const x = (t: number) => m.left + (t / untilS) * (width - m.left - m.right);
  const y = (v: number) => height - m.bottom - (v / yMax) * (height - m.top - m.bottom);
  const path = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(times[i] ?? 0).toFixed(1)},${y(v).toFixed(1)}`).join('');
  const unit = metric.unit ? ` ${metric.unit}` : '';
  const current = values[at] ?? 0;

  const fromPointer = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const px = ((e.clientX - box.left) / box.width) * width;
    const py = ((e.clientY - box.top) / box.height) * height;
    const t = ((px - m.left) / (width - m.left - m.right)) * untilS;
    const v = ((height - m.bottom - py) / (height - m.top - m.bottom)) * yMax;
    setAt(Math.round((Math.min(Math.max(t, 0), untilS) / untilS) * (values.length - 1)));
    onChange(setNearest(values, untilS, t, v, yMax));
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const small = yMax / 20;
    const move: Record<string, () => void> = {
      ArrowLeft: () => setAt(Math.max(0, at - 1)),
      ArrowRight: () => setAt(Math.min(values.length - 1, at + 1)),
      Home: () => setAt(0),
      End: () => setAt(values.length - 1),
      ArrowUp: () => onChange(setNearest(values, untilS, times[at] ?? 0, current + small, yMax)),
      ArrowDown: () => onChange(setNearest(values, untilS, times[at] ?? 0, current - small, yMax)),
      PageUp: () => onChange(setNearest(values, untilS, times[at] ?? 0, current + 4 * small, yMax)),
      PageDown: () => onChange(setNearest(values, untilS, times[at] ?? 0, current - 4 * small, yMax)),
    };
    const action = move[e.key];
    if (!action || disabled) return;
    e.preventDefault();
    action();
  };
  return (
    <div
      className="sketch-pad"
      id={id}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled}
      aria-label={`Your sketch of ${metric.title.toLowerCase()}: Left and Right pick a time, Up and Down move the curve there`}
      aria-valuemin={0}
      aria-valuemax={yMax}
      aria-valuenow={current}
      aria-valuetext={`at ${fmt(times[at] ?? 0)} s: ${fmt(current)}${unit} (point ${at + 1} of ${values.length})`}
      data-testid="sketch-pad"
      onKeyDown={key}
    >
      <svg
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        onPointerDown={(e) => {
          if (disabled) return;
          drawing.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          fromPointer(e);
        }}
        onPointerMove={(e) => drawing.current && !disabled && fromPointer(e)}
        onPointerUp={() => (drawing.current = false)}
      >
        <rect className="sketch-frame" x={m.left} y={m.top} width={width - m.left - m.right} height={height - m.top - m.bottom} />
        {[0, 0.5, 1].map((f) => (
          <text key={f} className="sketch-tick" x={m.left - 4} y={y(f * yMax) + 4} textAnchor="end">
            {fmt(f * yMax)}
          </text>
        ))}
        {[0, 0.5, 1].map((f) => (
          <text key={f} className="sketch-tick" x={x(f * untilS)} y={height - 8} textAnchor="middle">
            {fmt(f * untilS)} s
          </text>
        ))}
        <path className="sketch-line" d={path} />
        <circle className="sketch-point" cx={x(times[at] ?? 0)} cy={y(current)} r={5} />
      </svg>
    </div>
  );
}
