import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProblemAlert, ProblemList, ProblemText } from '../../../web/src/lib/ProblemList';
import { listedProblems, maxShownProblems, problemDetails, problemsOf } from '../../../web/src/lib/problems';
import { linkBannerMessage } from '../../../web/src/scenario/url-codec';
import { repoRoot } from '../support/node-core';

// A core message holds one problem per line (core-cpp/SCENARIO.md): the page
// says one in its sentence, and several as a count with a list of at most 20.

const many = Array.from({ length: 23 }, (_, i) => `groups[${i}].count: must be in [0, 20000], got -1`);

describe('a core message with its problems', () => {
  it('splits into its problems; one problem is the message itself', () => {
    expect(problemsOf('a: x\nb: y')).toEqual(['a: x', 'b: y']);
    expect(problemsOf('duration_s: must be in [0.1, 86400], got -5')).toEqual(['duration_s: must be in [0.1, 86400], got -5']);
    expect(problemsOf('')).toEqual([]);
    expect(problemDetails('a: x')).toEqual([]);
    expect(problemDetails('a: x\nb: y')).toEqual(['a: x', 'b: y']);
  });

  it('lists the first 20 and says how many more', () => {
    const listed = listedProblems(many);
    expect(listed).toHaveLength(maxShownProblems + 1);
    expect(listed.slice(0, maxShownProblems)).toEqual(many.slice(0, maxShownProblems));
    expect(listed.at(-1)).toBe('and 3 more');
    expect(listedProblems(many.slice(0, 20))).toEqual(many.slice(0, 20));
  });

  it('lists as many as the command line prints (one limit, stated twice)', () => {
    const header = readFileSync(`${repoRoot}core-cpp/src/cli/input_file.h`, 'utf8');
    const limit = /kMaxShownProblems = (\d+);/.exec(header);
    expect(limit?.[1]).toBe(String(maxShownProblems));
  });

  it('renders as a count over a list, or as the one sentence', () => {
    const html = renderToStaticMarkup(createElement(ProblemText, { message: many.join('\n') }));
    expect(html.startsWith('<p>23 problems:</p><ul class="problem-list">')).toBe(true);
    expect(html.match(/<li>/g)).toHaveLength(21);
    expect(html).toContain('<li>and 3 more</li>');
    expect(renderToStaticMarkup(createElement(ProblemText, { message: 'a: x' }))).toBe('<p>a: x</p>');
    expect(renderToStaticMarkup(createElement(ProblemList, { problems: [] }))).toBe('');
  });

  it('alerts with one problem as its paragraph, and with several counted and listed in one alert', () => {
    const alert = (props: Parameters<typeof ProblemAlert>[0]) => renderToStaticMarkup(createElement(ProblemAlert, props));
    expect(alert({ message: 'seeds: must be a whole number in [1, 1000], got 0', testId: 'plan' })).toBe(
      '<p class="param-error" role="alert" data-testid="plan">seeds: must be a whole number in [1, 1000], got 0</p>',
    );
    const several = alert({ message: 'a: x\nb: y', className: 'share-error', lead: 'Theory unavailable: ' });
    expect(several).toBe('<div class="share-error" role="alert"><p>Theory unavailable: 2 problems:</p><ul class="problem-list"><li>a: x</li><li>b: y</li></ul></div>');
  });

  it('keeps the link banner’s sentence for one problem', () => {
    expect(linkBannerMessage('bottleneck.capacity_mbps: must be in [0.01, 100000], got 0', 'unchanged')).toBe(
      'This link could not be opened (bottleneck.capacity_mbps: must be in [0.01, 100000], got 0). The lab goes on as it was.',
    );
    expect(linkBannerMessage('a: x\nb: y', 'unchanged')).toBe('This link could not be opened (its scenario has 2 problems). The lab goes on as it was.');
  });
});
