import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// The page's production build (dist/, what every other spec runs) holds no
// test-only hook: the crashes the tests need come from fake workers they
// build and serve themselves (tests/e2e/fakes/).

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scripts(full);
    return /\.(js|mjs|html)$/.test(entry.name) ? [full] : [];
  });
}

test('the production bundle carries no test-only crash hook', () => {
  const files = scripts(dist);
  expect(files.some((f) => /sim\.worker-.*\.js$/.test(f))).toBe(true); // the build is there to look at
  for (const hook of ['crashWorker', 'crashAfterBatches', 'crashSweepRun', 'crash-run=', 'test crash']) {
    const holding = files.filter((f) => readFileSync(f, 'utf8').includes(hook)).map((f) => path.relative(dist, f));
    expect(holding, `files holding "${hook}"`).toEqual([]);
  }
});
