import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AqmSpec } from '../../../web/src/aqm/aqm-table';
import { LawPicture } from '../../../web/src/app/aqm/LawPicture';
import { withGlossaryLinks } from '../../../web/src/app/aqm/glossary-terms';
import { summaryColumns } from '../../../web/src/summary/summary-columns';

// The About fold's parts that need no core: a controller's loop named from
// its catalogue entry with the side's value of its target, and the glossary's
// terms linked where the explanation uses them.

const pi: AqmSpec = {
  name: 'pi',
  label: 'PI',
  source: 's',
  summary: 's',
  params: [{ name: 'qref', label: 'Reference queue', unit: 'pkts', kind: 'real', default: 50, min: 0, max: 1000, step: 1, help: 'h' }],
  signals: [],
  law: null,
  levels: [],
  queues: [],
  explain: { plain: 'Compares. Nudges.', picture: 'loop', measures: 'queue length', targetParam: 'qref', targetText: '', sets: 'drop probability p' },
};

describe('the loop picture', () => {
  it('names what the loop measures, its target at the side’s value and what it sets, in its text alternative too', () => {
    const html = renderToStaticMarkup(createElement(LawPicture, { spec: pi, params: { qref: 80 }, bufferPkts: 200 }));
    expect(html).toContain('measures: queue length');
    expect(html).toContain('target: Reference queue 80 pkts');
    expect(html).toContain('sets: drop probability p');
    const caption = /<figcaption id="([^"]+)">([^<]+)<\/figcaption>/.exec(html);
    expect(caption?.[2]).toBe(
      'Control loop: PI measures the queue length, compares it with its target (Reference queue 80 pkts) and sets the drop probability p; the senders react, which changes the queue length again.',
    );
    expect(html).toContain(`role="img" aria-labelledby="${caption?.[1]}"`);
  });

  it('says its target in words when it is no one parameter', () => {
    const blue: AqmSpec = { ...pi, name: 'blue', label: 'BLUE', explain: { plain: 'x. y.', picture: 'loop', measures: 'buffer overflows and idle link', targetParam: '', targetText: 'no overflow and no idle link', sets: 'drop probability p' } };
    expect(renderToStaticMarkup(createElement(LawPicture, { spec: blue, params: {}, bufferPkts: 200 }))).toContain('target: no overflow and no idle link');
  });
});

describe('glossary terms in an explanation', () => {
  it('link each term’s first appearance to an entry of the one glossary', () => {
    const html = renderToStaticMarkup(createElement(Fragment, null, ...withGlossaryLinks('CoDel watches the queueing delay; ECN marks help; the queueing delay again.')));
    expect(html).toBe(
      'CoDel watches the <a href="#glossary-meanDelayMs" class="glossary-link">queueing delay</a>; <a href="#glossary-markRatio" class="glossary-link">ECN</a> marks help; the queueing delay again.',
    );
    // Every linked entry is a column the summary's glossary lists.
    const figures = summaryColumns.map((c) => c.figure as string);
    for (const [, figure] of html.matchAll(/href="#glossary-(\w+)"/g)) expect(figures).toContain(figure);
  });
});
