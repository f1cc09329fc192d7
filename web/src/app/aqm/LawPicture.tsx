import { useEffect, useId, useMemo, useState } from 'react';
import { scaleLinear } from 'd3-scale';
import type { AqmSpec } from '../../aqm/aqm-table';
import type { LoopParts } from '../../aqm/explanation';
import { describeCurve } from '../../theory/law-corners';
import { TheoryClient } from '../../theory/theory-client';
import type { LawSamples } from '../../theory/theory-json';
import { SvgAxis, polyline } from '../../theory/svg-axis';

// The small picture of a discipline's law beside its parameters: its curve
// of the queue, sampled by the core from the side's current values, or its
// control loop, whose boxes the catalogue names. Each carries a text
// alternative that says what the picture shows.

let shared: TheoryClient | null = null;

interface LawPictureProps {
  spec: AqmSpec;
  params: Readonly<Record<string, number>>;
  bufferPkts: number;
}

export function LawPicture({ spec, params, bufferPkts }: LawPictureProps) {
  const explain = spec.explain;
  if (!explain) return null;
  if (explain.picture === 'curve') return <CurvePicture aqm={spec.name} params={params} bufferPkts={bufferPkts} />;
  return <LoopPicture spec={spec} parts={explain} params={params} />;
}

const width = 260;
const height = 150;
const margin = { left: 38, right: 10, top: 8, bottom: 30 };

function CurvePicture({ aqm, params, bufferPkts }: { aqm: string; params: Readonly<Record<string, number>>; bufferPkts: number }) {
  const [samples, setSamples] = useState<LawSamples | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify([aqm, params, bufferPkts]);
  const captionId = useId();
  useEffect(() => {
    let live = true;
    shared ??= new TheoryClient();
    void shared.lawCurve({ aqm, params: { ...params }, buffer_pkts: bufferPkts, points: Math.min(400, Math.max(20, Math.round(bufferPkts))) }).then((r) => {
      if (!live) return;
      setSamples(r.ok ? r.value : null);
      setError(r.ok ? null : r.error);
    });
    return () => {
      live = false;
    };
    // `key` stands for the discipline, its values and the buffer.
  }, [key]);
  const x = useMemo(() => scaleLinear().domain([0, bufferPkts]).range([margin.left, width - margin.right]), [bufferPkts]);
  const y = useMemo(() => scaleLinear().domain([0, 1]).range([height - margin.bottom, margin.top]), []);
  if (error) return <p className="law-picture-error">The law's curve is not available: {error}</p>;
  if (!samples) return <p className="law-picture-wait">Drawing the law's curve…</p>;
  const words = describeCurve(samples, bufferPkts);
  return (
    <figure className="law-picture" data-testid="law-curve">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={captionId} width={width} height={height}>
        <SvgAxis scale={x} side="bottom" at={height - margin.bottom} ticks={4} />
        <SvgAxis scale={y} side="left" at={margin.left} ticks={4} />
        <path className="law-curve-line" d={polyline(samples.queue.map((q) => x(q)), samples.p.map((p) => y(p)))} fill="none" />
        <text className="law-axis-label" x={(margin.left + width - margin.right) / 2} y={height - 2} textAnchor="middle">
          queue (packets)
        </text>
        <text className="law-axis-label" x={4} y={margin.top + 4} textAnchor="start">
          p
        </text>
      </svg>
      <figcaption id={captionId}>{words}</figcaption>
    </figure>
  );
}

function targetWords(spec: AqmSpec, parts: LoopParts, params: Readonly<Record<string, number>>): string {
  if (!parts.targetParam) return parts.targetText;
  const param = spec.params.find((p) => p.name === parts.targetParam);
  const value = params[parts.targetParam];
  if (!param) return parts.targetParam;
  return `${param.label}${value === undefined ? '' : ` ${Number(value.toPrecision(4))}${param.unit ? ` ${param.unit}` : ''}`}`;
}

const boxes = [
  { x: 6, y: 8 },
  { x: 136, y: 8 },
  { x: 136, y: 92 },
  { x: 6, y: 92 },
];
const boxW = 118;
const boxH = 48;

function LoopPicture({ spec, parts, params }: { spec: AqmSpec; parts: LoopParts; params: Readonly<Record<string, number>> }) {
  const captionId = useId();
  const arrowId = `law-arrow${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const target = targetWords(spec, parts, params);
  const labels = [`measures: ${parts.measures}`, `target: ${target}`, `sets: ${parts.sets}`, 'senders slow down or speed up'];
  const words = `Control loop: ${spec.label} measures the ${parts.measures}, compares it with its target (${target}) and sets the ${parts.sets}; the senders react, which changes the ${parts.measures} again.`;
  return (
    <figure className="law-picture" data-testid="law-loop">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={captionId} width={width} height={height}>
        <defs>
          <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto">
            <path d="M0,0L10,5L0,10z" className="law-arrow-head" />
          </marker>
        </defs>
        {boxes.map((b, i) => (
          <g key={i}>
            <rect className="law-box" x={b.x} y={b.y} width={boxW} height={boxH} rx={6} />
            <foreignObject x={b.x + 3} y={b.y + 2} width={boxW - 6} height={boxH - 4}>
              <div className="law-box-text">{labels[i]}</div>
            </foreignObject>
          </g>
        ))}
        {[
          [124, 32, 136, 32],
          [195, 56, 195, 92],
          [136, 116, 124, 116],
          [65, 92, 65, 56],
        ].map(([x1, y1, x2, y2], i) => (
          <line key={i} className="law-arrow" x1={x1} y1={y1} x2={x2} y2={y2} markerEnd={`url(#${arrowId})`} />
        ))}
      </svg>
      <figcaption id={captionId}>{words}</figcaption>
    </figure>
  );
}
