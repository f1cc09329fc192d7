import { OutcomeLine, type ActionOutcome } from '../lib/action-outcome';
import { memo, useId, useRef, useState } from 'react';
import { browserDownload } from '../lib/download';
import { messageOf } from '../lib/errors';
import type { FailedRun } from './experiment-run';
import type { ExperimentState, PlotChoice } from './experiment-state';
import { MetricPlot } from './MetricPlot';
import { PairPlot } from './PairPlot';
import { defaultFigure, defaultLabels, figureLabels, type FigureOptions } from './figure-options';
import { standaloneSvg, svgToPng, withPngText, type FigureMeta } from './figure-export';
import { FigureOptionsForm } from './FigureOptionsForm';
import { categoryTicks, censoredMarks, metricLines, metricPairs, pointLabel, reportCsv, reportedMetrics, reportJson, runsAt } from './results';
import { ResultsTable } from './ResultsTable';
import { runScenario } from './run-scenario';
import type { AxisValue, ReportRow, SweepPlan } from './sweep-core';
import type { Fields } from '../lib/json';
import { useBoundCurves } from '../theory/bound-curves';

// What a finished (or running) sweep shows: the metric against the axis, one
// metric against another, the runs of a chosen point (each opens in the live
// lab), the table, and the exports.

export interface ExperimentResultsProps {
  plan: SweepPlan;
  rows: readonly ReportRow[];
  failed: readonly FailedRun[];
  /** The experiment as it was run (its base, axes and seeds). */
  ran: ExperimentState;
  sweep: Fields;
  jsonl: string | null;
  plot: PlotChoice;
  onPlotChange: (plot: PlotChoice) => void;
  /** Runs ended so far (finished or failed); complete once every run finished and none failed. */
  progress: { done: number; complete: boolean };
  openRun: (scenarioJson: string, label: string) => Promise<string | null>;
  copyLink: () => Promise<ActionOutcome>;
}

function MetricSelect({ label, value, metrics, onChange, testId }: { label: string; value: string; metrics: readonly string[]; onChange: (m: string) => void; testId: string }) {
  const id = useId();
  return (
    <span className="experiment-select">
      <label htmlFor={id}>{label}</label>{' '}
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {metrics.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </span>
  );
}

function save(name: string, content: string | Uint8Array<ArrayBuffer>, type: string) {
  browserDownload.save(name, new Blob([content], { type }));
}

export const ExperimentResults = memo(function ExperimentResults({ plan, rows, failed, ran, sweep, jsonl, plot, onPlotChange, progress, openRun, copyLink }: ExperimentResultsProps) {
  const [picked, setPicked] = useState<ReportRow | null>(null);
  const [status, setStatus] = useState<ActionOutcome | null>(null);
  const first = plan.axes[0];
  const firstPath = first?.path ?? '';
  const figure = plot.figure ?? defaultFigure(ran.axes[0]?.mode === 'range' && ran.axes[0].scale === 'log');
  const setFigure = (next: FigureOptions) => onPlotChange({ ...plot, figure: next });
  const labels = figureLabels(figure, firstPath, plot.metric);
  const lines = metricLines(plan, rows, plot.metric, ran.zip);
  const censored = censoredMarks(plan, rows, plot.metric, ran.zip);
  const categories = categoryTicks(plan);
  // The PI and REM response-time lower bounds (LRED paper) beside a response time against N.
  // Over the swept flow counts themselves: a point whose runs never settled has no mean, the bound still exists there.
  const sweptFlows = (plan.axes[0]?.values ?? []).filter((v): v is number => typeof v === 'number');
  const curves = useBoundCurves(ran.base, firstPath, plot.metric, sweptFlows);
  const pairs = metricPairs(plan, rows, plot.x, plot.y);
  const shown = [...new Set([plot.metric, plot.x, plot.y])];
  const reported = reportedMetrics(rows);
  const choices = reported.length > 0 ? reported : plan.metrics;
  // A file made before every run ended says so in its name, with how many it holds.
  const stem = progress.complete ? `aqmlab-experiment-${plan.count}runs` : `aqmlab-experiment-partial-${progress.done}of${plan.count}runs`;
  const nothingYet = progress.done === 0;
  const plotBox = useRef<HTMLDivElement>(null);

  const figureMeta = (): FigureMeta => {
    const seeds = `${ran.seeds} seed${ran.seeds === 1 ? '' : 's'}`;
    const runs = `${progress.done} of ${plan.count} runs${progress.complete ? '' : ' (partial)'}`;
    const censoredRuns = censored.reduce((n, c) => n + c.censored, 0);
    return {
      title: `${labels.y} against ${labels.x}`,
      description: `AQM Lab sweep from ${ran.baseLabel}: ${labels.y} against ${labels.x}, mean over ${seeds} at each point with its 95% Student t interval; ${runs}; sides ${plan.sides.join(', ')}${censoredRuns > 0 ? `; ${censoredRuns} runs without a value drawn as "${labels.censored}"` : ''}.`,
      data: {
        x: firstPath, x_scale: figure.xScale, x_label: labels.x, y: plot.metric, y_label: labels.y, log_x: figure.logX, log_y: figure.logY,
        seeds: ran.seeds, runs: { done: progress.done, total: plan.count, complete: progress.complete },
        series: lines.map((l) => l.label), censored: censored.map((c) => ({ series: c.label, x: c.x * (categories ? 1 : figure.xScale), runs: c.censored, of: c.finished })),
        sweep,
      },
    };
  };
  const plotSvg = () => {
    const svg = plotBox.current?.querySelector('svg');
    if (!svg) throw new Error('the plot is not drawn yet');
    return svg;
  };
  const exportSvg = () => {
    save(`${stem}.svg`, standaloneSvg(plotSvg(), figureMeta()), 'image/svg+xml');
    return { kind: 'done', message: `Saved ${stem}.svg.` } as const;
  };
  const exportPng = async () => {
    const svg = plotSvg();
    const meta = figureMeta();
    const [, , width = 620, height = 320] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
    const png = await svgToPng(standaloneSvg(svg, meta), width, height);
    save(`${stem}.png`, withPngText(png, { Title: meta.title, Description: meta.description, Software: 'AQM Lab', aqmlab: JSON.stringify(meta.data) }), 'image/png');
    return { kind: 'done', message: `Saved ${stem}.png.` } as const;
  };

  const open = async (point: Readonly<Record<string, AxisValue>>, seed: number) => {
    const scenario = runScenario(ran.base, point, seed);
    if (typeof scenario === 'string') {
      setStatus({ kind: 'error', message: `Open run: ${scenario}` });
      return;
    }
    const refused = await openRun(JSON.stringify(scenario), `${pointLabel(point)}, seed ${seed}`);
    if (refused !== null) setStatus({ kind: 'error', message: `Open run: ${refused}` });
  };

  const act = async (what: string, action: () => Promise<ActionOutcome> | ActionOutcome) => {
    try {
      setStatus(await action());
    } catch (e) {
      setStatus({ kind: 'error', message: `${what}: ${messageOf(e)}` });
    }
  };

  return (
    <div className="experiment-results" data-testid="experiment-results">
      <div className="experiment-plots">
        <section className="chart-panel" aria-label="Metric against the axis">
          <div className="experiment-plot-bar">
            <MetricSelect label="Metric" value={plot.metric} metrics={choices} onChange={(metric) => onPlotChange({ ...plot, metric })} testId="experiment-metric" />
            <span className="chart-note">mean over {ran.seeds} seed{ran.seeds === 1 ? '' : 's'}, whiskers: 95% confidence interval (Student t)</span>
          </div>
          <div ref={plotBox}>
            <MetricPlot lines={lines} figure={figure} labels={labels} categories={categories} onPick={setPicked} censored={censored} curves={curves} />
          </div>
          <ul className="legend">
            {plan.sides.map((s, i) => (
              <li key={s}>
                <span className="line-key" style={{ borderColor: `var(--side-${i % 6})` }} /> {s}
              </li>
            ))}
            {curves.map((c) => (
              <li key={c.label}>
                <span className="line-key dashed" style={{ borderColor: 'var(--text)' }} /> {c.label}
              </li>
            ))}
          </ul>
          <FigureOptionsForm figure={figure} defaults={defaultLabels(figure.xScale, firstPath, plot.metric)} numericX={categories === null} onChange={setFigure} />
        </section>
        <section className="chart-panel" aria-label="One metric against another">
          <div className="experiment-plot-bar">
            <MetricSelect label="Across" value={plot.x} metrics={choices} onChange={(x) => onPlotChange({ ...plot, x })} testId="experiment-x" />
            <MetricSelect label="Up" value={plot.y} metrics={choices} onChange={(y) => onPlotChange({ ...plot, y })} testId="experiment-y" />
          </div>
          <PairPlot pairs={pairs} xMetric={plot.x} yMetric={plot.y} sides={plan.sides} firstAxis={firstPath} onPick={setPicked} />
        </section>
      </div>
      {picked && (
        <section className="chart-panel experiment-picked" data-testid="experiment-picked" aria-label="The chosen point's runs">
          <p>
            {pointLabel(picked.point)}, {picked.side}: open a run in the live lab (every side, that point and seed).
          </p>
          <div className="buttons">
            {runsAt(plan, picked.point).map((run) => (
              <button key={run.index} type="button" onClick={() => void open(run.point, run.seed)} data-testid="open-run">
                Open seed {run.seed}
              </button>
            ))}
          </div>
        </section>
      )}
      {failed.length > 0 && (
        <div className="share-error" role="alert" data-testid="experiment-failed">
          <p>
            {failed.length} run{failed.length === 1 ? '' : 's'} failed and {failed.length === 1 ? 'is' : 'are'} not in the figures:
          </p>
          <ul>
            {failed.slice(0, 10).map((f) => (
              <li key={f.index}>
                run {f.index} ({pointLabel(plan.runs.find((r) => r.index === f.index)?.point ?? {})}): {f.error}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ResultsTable plan={plan} rows={rows} metrics={shown} />
      <div className="buttons experiment-exports">
        {!progress.complete && (
          <p className="chart-note" data-testid="experiment-partial-note">
            {nothingYet ? 'No run has ended yet: nothing to export.' : `Exports now hold ${progress.done} of ${plan.count} runs and are named "partial".`}
          </p>
        )}
        <button type="button" data-testid="experiment-svg" disabled={nothingYet} onClick={() => void act('Export SVG', exportSvg)}>
          Export figure (SVG)
        </button>
        <button type="button" data-testid="experiment-png" disabled={nothingYet} onClick={() => void act('Export PNG', exportPng)}>
          Export figure (PNG)
        </button>
        <button type="button" data-testid="experiment-csv" disabled={nothingYet} onClick={() => void act('Export CSV', () => (save(`${stem}.csv`, reportCsv(plan, rows), 'text/csv'), { kind: 'done', message: `Saved ${stem}.csv.` }))}>
          Export CSV
        </button>
        <button type="button" data-testid="experiment-json" disabled={nothingYet} onClick={() => void act('Export JSON', () => (save(`${stem}.json`, reportJson(sweep, plan, rows, failed), 'application/json'), { kind: 'done', message: `Saved ${stem}.json.` }))}>
          Export JSON
        </button>
        {jsonl !== null && (
          <button type="button" data-testid="experiment-jsonl" onClick={() => void act('Export runs', () => (save(`${stem}.jsonl`, jsonl, 'application/x-ndjson'), { kind: 'done', message: `Saved ${stem}.jsonl (aqmlab report reads it).` }))}>
            Export runs (JSON Lines)
          </button>
        )}
        <button type="button" data-testid="experiment-copy-link" onClick={() => void act('Copy link', copyLink)}>
          Copy link
        </button>
      </div>
      <OutcomeLine outcome={status} testId="experiment" linkLabel="Link to this experiment" showCopiedLink />
    </div>
  );
});
