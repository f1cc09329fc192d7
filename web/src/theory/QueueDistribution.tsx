import { scaleLinear } from 'd3-scale';
import type { SeriesStore } from '../charts/series-store';
import { ChainSources } from './ChainSources';
import { binDistribution, binWidth, distributionMean, simulatedHistogram } from './queue-histogram';
import { polyline, SvgAxis } from './svg-axis';
import { waitingDistribution, type QueueModel } from './theory-json';

// A side's queue-length distribution: bars for the simulated queue (a time
// average of its samples after the warm-up) and, when the traffic is
// open-loop, the MMPP/Erlang/1/L chain's distribution over them as a line,
// both means in the caption (and as data attributes), and the chain's loss
// and delay per source below.

const size = { width: 320, height: 170, left: 46, right: 10, top: 8, bottom: 30 };

export function QueueDistribution({
  store,
  fromS,
  buffer,
  model,
  colour,
  label,
}: {
  store: SeriesStore;
  fromS: number;
  buffer: number;
  model: QueueModel | null;
  colour: string;
  label: string;
}) {
  const { width, height, left, right, top, bottom } = size;
  // Both in packets waiting, what the simulated queue counts (the chain counts the one in transmission too).
  const waiting = model ? waitingDistribution(model.distribution) : null;
  const most = waiting ? waiting.length - 1 : buffer;
  const w = binWidth(most);
  const sim = simulatedHistogram(store, fromS, most, w);
  const bins = sim.share.length;
  const chain = waiting ? binDistribution(waiting, w, bins) : null;
  const x = scaleLinear().domain([0, bins * w]).range([left, width - right]);
  const y = scaleLinear()
    .domain([0, Math.max(0.05, ...sim.share, ...(chain ?? []))])
    .range([height - bottom, top])
    .nice();
  const centres = chain?.map((_, k) => x((k + 0.5) * w)) ?? [];
  const modelMean = waiting ? distributionMean(waiting) : null;
  const simMean = sim.samples > 0 ? `, mean ${sim.mean.toFixed(1)} pkts waiting` : '';
  return (
    <>
      <figure
        className="queue-distribution"
        data-testid="queue-distribution"
        data-samples={sim.samples}
        data-model={chain ? 'mmpp' : 'none'}
        data-sim-mean={sim.samples > 0 ? sim.mean : undefined}
        data-model-mean={modelMean ?? undefined}
        data-phases={model?.phases}
        data-states={model?.states}
      >
        <svg width={width} height={height} role="img" aria-label={`${label}: distribution of the queue length${chain ? ', simulated and MMPP model' : ', simulated'}`}>
          {sim.share.map((share, k) =>
            share > 0 ? (
              <rect
                key={k}
                className="histogram-bar"
                x={x(k * w) + 0.5}
                width={Math.max(1, x((k + 1) * w) - x(k * w) - 1)}
                y={y(share)}
                height={y(0) - y(share)}
                style={{ fill: colour }}
              />
            ) : null,
          )}
          {chain && <path className="model-line" data-testid="mmpp-line" d={polyline(centres, chain.map((p) => y(p)))} />}
          <SvgAxis scale={x} side="bottom" at={height - bottom} ticks={5} />
          <SvgAxis scale={y} side="left" at={left} ticks={4} format={(v) => `${Math.round(v * 100)}%`} />
          <text className="bode-label" x={width - right} y={height - 2} textAnchor="end">
            queue (packets)
          </text>
        </svg>
        <figcaption data-testid="queue-distribution-caption">
          {sim.samples > 0 ? `${sim.samples} samples after the warm-up${simMean}` : 'no samples after the warm-up yet'}
          {chain && model && modelMean !== null
            ? ` · line: MMPP chain (${model.phases} phases, ${model.states} states), ${modelMean.toFixed(1)} pkts waiting on average (${model.meanQueue.toFixed(1)} in the system), loss ${(model.loss * 100).toFixed(2)} %, mean delay ${(model.meanDelayS * 1000).toFixed(1)} ms`
            : ' · the MMPP chain needs open-loop poisson or mmpp traffic through drop-tail or RED (TCP reacts to drops)'}
        </figcaption>
      </figure>
      {chain && model && <ChainSources model={model} />}
    </>
  );
}
