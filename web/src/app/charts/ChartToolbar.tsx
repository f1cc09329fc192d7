import { defaultLabOptions } from '../../lab/lab';
import { layouts, type Layout, type TimeRange } from '../../charts/layout';

// The chart area's two choices as labelled radio groups (arrow keys move
// within a group, Tab leaves it).

interface ChartToolbarProps {
  layout: Layout;
  onLayoutChange: (layout: Layout) => void;
  timeRange: TimeRange;
  onTimeRangeChange: (range: TimeRange) => void;
}

const ranges: readonly { value: TimeRange; label: string }[] = [
  { value: 'recent', label: `Last ${defaultLabOptions.windowS} s` },
  { value: 'whole', label: 'Whole run' },
];

export function ChartToolbar({ layout, onLayoutChange, timeRange, onTimeRangeChange }: ChartToolbarProps) {
  return (
    <div className="chart-toolbar" role="group" aria-label="Chart view">
      <fieldset>
        <legend>Layout</legend>
        {layouts.map((l) => (
          <label key={l.value} className={layout === l.value ? 'choice chosen' : 'choice'}>
            <input
              type="radio"
              name="chart-layout"
              value={l.value}
              data-testid={`layout-${l.value}`}
              checked={layout === l.value}
              onChange={() => onLayoutChange(l.value)}
            />
            {l.label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Window</legend>
        {ranges.map((r) => (
          <label key={r.value} className={timeRange === r.value ? 'choice chosen' : 'choice'}>
            <input
              type="radio"
              name="chart-range"
              value={r.value}
              data-testid={`range-${r.value}`}
              checked={timeRange === r.value}
              onChange={() => onTimeRangeChange(r.value)}
            />
            {r.label}
          </label>
        ))}
      </fieldset>
      <p className="chart-hint">Hover a chart, or focus it and use the arrow keys, to read every side at one time.</p>
    </div>
  );
}
