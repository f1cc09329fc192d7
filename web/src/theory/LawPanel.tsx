import { useMemo } from 'react';
import type { SeriesStore } from '../charts/series-store';
import { formatValue } from '../lib/format';
import type { AqmLaw, LawVariable } from '../aqm/aqm-table';
import { typeset } from './tex';

// A discipline's law typeset by KaTeX (tex.ts), the live value of each
// variable beside it, and the idea in one paragraph with the paper named.

function valueOf(variable: LawVariable, params: Readonly<Record<string, number>>, store: SeriesStore): number {
  const { source } = variable;
  if (source.kind === 'param') return params[source.name] ?? Number.NaN;
  const column = store.columnIndex(source.kind === 'signal' ? `aqm.${source.name}` : source.name);
  return column < 0 ? Number.NaN : store.last(column);
}

export function LawPanel({
  law,
  summary,
  params,
  store,
}: {
  /** The discipline's law from the core's catalogue; null for one registered without law text. */
  law: AqmLaw | null;
  /** The core's own one-line description, shown for a discipline the lab has no law text for. */
  summary: string;
  params: Readonly<Record<string, number>>;
  store: SeriesStore;
}) {
  const html = useMemo(() => (law ? { law: typeset(law.tex, true), symbols: law.variables.map((v) => typeset(v.tex, false)) } : null), [law]);
  if (!law || !html) {
    return (
      <div className="law" data-testid="law">
        <p>{summary || 'No law text for this discipline yet.'}</p>
      </div>
    );
  }
  return (
    <div className="law" data-testid="law">
      <div className="law-tex" data-testid="law-tex" dangerouslySetInnerHTML={{ __html: html.law }} />
      <table className="law-values" data-testid="law-values">
        <caption>Live values</caption>
        <tbody>
          {law.variables.map((v, i) => (
            <tr key={`${v.source.kind}:${v.source.name}`}>
              <th scope="row" dangerouslySetInnerHTML={{ __html: html.symbols[i] ?? '' }} />
              <td>{formatValue(valueOf(v, params, store), 'number')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="law-idea">
        {law.idea} <cite>— {law.paper}</cite>
      </p>
    </div>
  );
}
