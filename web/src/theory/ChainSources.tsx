import type { QueueModel } from './theory-json';

// The MMPP chain's answer per source: each entry's loss (full-buffer losses
// plus early drops, over what it offers) and the mean time its admitted
// packets spend in the system (waiting and service), beside the totals.
// Bursty sources arrive more often into a long queue, so both differ by source.

const percent = (x: number) => `${(x * 100).toFixed(2)} %`;
const ms = (s: number) => `${(s * 1000).toFixed(1)} ms`;

export function ChainSources({ model }: { model: QueueModel }) {
  return (
    <table className="chain-sources" data-testid="chain-sources">
      <caption>The MMPP chain per source: loss, and mean time in the system of the packets it admits</caption>
      <thead>
        <tr>
          <th scope="col">source</th>
          <th scope="col">loss</th>
          <th scope="col">delay</th>
        </tr>
      </thead>
      <tbody>
        {model.lossPerSource.map((loss, i) => (
          <tr key={i} data-loss={loss} data-delay-s={model.delayPerSourceS[i]}>
            <th scope="row">{model.sourceLabels[i] ?? `source ${i + 1}`}</th>
            <td>{percent(loss)}</td>
            <td>{ms(model.delayPerSourceS[i] ?? Number.NaN)}</td>
          </tr>
        ))}
        <tr className="total" data-loss={model.loss} data-delay-s={model.meanDelayS}>
          <th scope="row">all</th>
          <td>{percent(model.loss)}</td>
          <td>{ms(model.meanDelayS)}</td>
        </tr>
      </tbody>
    </table>
  );
}
