import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StabilityPanel } from '../../../web/src/theory/StabilityPanel';
import { factor, marginWords, sufficientWords } from '../../../web/src/theory/stability-words';
import { readAnalysis, type Stability } from '../../../web/src/theory/theory-json';
import { cannedAnalysis } from '../support/fake-theory-core';
import { nodeCore, nodeCoreBuilt, repoRoot } from '../support/node-core';

// What the stability panel says to people: the verdict, the margin in words
// from the core's ratio (r = how far toward the limit), what a sufficient
// rule can tell, where the equilibrium sits on the law, and the formula
// with its numbers named in words behind a disclosure.

const exact = { sufficient: false } as const;
const sufficient = { sufficient: true } as const;

describe('the margin in words', () => {
  it('turns the ratio into room or excess, by the core’s bands', () => {
    expect(marginWords({ ...exact, verdict: 'stable', ratio: 1 / 2.3 })).toBe('gain margin 2.3x: stable with room');
    expect(marginWords({ ...exact, verdict: 'stable', ratio: 0.8 })).toBe('gain margin 1.3x: stable, with little room');
    expect(marginWords({ ...exact, verdict: 'marginal', ratio: 0.95 })).toBe('gain margin 1.1x: on the edge of stability');
    expect(marginWords({ ...exact, verdict: 'marginal', ratio: 1.05 })).toBe('1.1x past the stability limit: on the edge of stability');
    expect(marginWords({ ...exact, verdict: 'unstable', ratio: 1.8 })).toBe('1.8x past the stability limit: unstable');
  });

  it('speaks of the rule’s bound, not the loop’s limit, for a sufficient rule', () => {
    expect(marginWords({ ...sufficient, verdict: 'stable', ratio: 0.25 })).toBe("4.0x inside the rule's bound: stable with room");
    expect(marginWords({ ...sufficient, verdict: 'unstable', ratio: 12.4 })).toBe("12x past the rule's bound: unstable");
    expect(sufficientWords({ ...sufficient, verdict: 'stable' })).toMatch(/sufficient: it holds, so the loop is stable/);
    expect(sufficientWords({ ...sufficient, verdict: 'unstable' })).toMatch(/may oscillate, not that it must/);
    expect(sufficientWords({ ...exact, verdict: 'unstable' })).toBe('');
  });

  it('says nothing of a margin where there is no rule, and no margin at an unbounded slope', () => {
    expect(marginWords({ ...exact, verdict: 'none', ratio: null })).toBe('');
    expect(marginWords({ ...sufficient, verdict: 'unstable', ratio: null })).toBe('no margin: no gain meets the rule here');
    expect(factor(2795.4)).toBe('2,795x');
  });
});

function rendered(stability: Stability): string {
  return renderToStaticMarkup(createElement(StabilityPanel, { stability, label: 'side' }));
}

describe('the stability panel', () => {
  it('shows the verdict, the margin, the region and the formula on request, with numbers named in words', () => {
    const read = readAnalysis(JSON.stringify(cannedAnalysis));
    if (!read.ok) throw new Error(read.error);
    const html = rendered(read.value.stability);
    expect(html).toContain('data-verdict="stable"');
    expect(html).toContain("2.6x inside the rule&#x27;s bound: stable with room");
    expect(html).toContain('data-region="ramp"');
    expect(html).toMatch(/<details class="stability-formula"[^>]*><summary>The rule and its numbers<\/summary>/);
    expect(html).toContain('class="katex-display"');
    expect(html).toContain('<th scope="row">capacity, packets/s</th>');
    // The keys are for programs: no row is labelled by one.
    expect(html).not.toMatch(/<th scope="row">(C_pps|R_s|N)<\/th>/);
  });

  it.runIf(nodeCoreBuilt)('on the RED lesson at 200 flows: the gentle ramp, unstable, and says so', async () => {
    const core = await nodeCore();
    if (!core.analyzeScenario) throw new Error('the Node core has no analyzeScenario');
    const preset = readFileSync(`${repoRoot}public/presets/teach-red-stability.json`, 'utf8');
    const read = readAnalysis(core.analyzeScenario(preset, 0));
    if (!read.ok) throw new Error(read.error);
    const s = read.value.stability;
    expect(s.region).toBe('gentle');
    expect(s.verdict).toBe('unstable');
    expect(s.regionText).toMatch(/above max_th \(150\) on the gentle ramp/);
    const html = rendered(s);
    expect(html).toMatch(/x past the rule&#x27;s bound: unstable/);
    expect(html).toContain('data-testid="stability-sufficient"');
    expect(html).toContain('<th scope="row">slope of the drop curve there, per packet</th>');
  });
});
