import type { ReactNode } from 'react';
import type { Figure } from '../../summary/run-summary';

// Terms of the summary's glossary ("What the columns mean", SummaryTable)
// as they appear in plain text, each linked to its entry: one glossary for
// the page, reached from wherever its words are used.

const terms: readonly { words: RegExp; figure: Figure }[] = [
  { words: /queueing delay/i, figure: 'meanDelayMs' },
  { words: /\butilisation\b/i, figure: 'utilisation' },
  { words: /\bECN\b/, figure: 'markRatio' },
  { words: /\bloss ratio\b/i, figure: 'lossRatio' },
  { words: /\bqueue length\b/i, figure: 'meanQueuePkts' },
];

export const glossaryId = (figure: Figure) => `glossary-${figure}`;

/** Opens the glossary's fold so the link's target shows. */
function openGlossary(figure: Figure): void {
  const entry = document.getElementById(glossaryId(figure));
  const fold = entry?.closest('details');
  if (fold) fold.open = true;
}

/** `text` with each glossary term's first appearance linked to its entry. */
export function withGlossaryLinks(text: string): ReactNode[] {
  const hits = terms
    .map(({ words, figure }) => ({ match: words.exec(text), figure }))
    .flatMap(({ match, figure }) => (match ? [{ start: match.index, end: match.index + match[0].length, figure }] : []))
    .sort((a, b) => a.start - b.start);
  const out: ReactNode[] = [];
  let from = 0;
  for (const hit of hits) {
    if (hit.start < from) continue;
    out.push(text.slice(from, hit.start));
    out.push(
      <a key={hit.start} href={`#${glossaryId(hit.figure)}`} className="glossary-link" onClick={() => openGlossary(hit.figure)}>
        {text.slice(hit.start, hit.end)}
      </a>,
    );
    from = hit.end;
  }
  out.push(text.slice(from));
  return out;
}
