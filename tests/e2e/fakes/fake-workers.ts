import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { build } from 'vite';

// The tests' fake workers (a worker that crashes on cue) are built here, each
// into one self-contained file, and served in place of the page's own worker
// of that kind; the page's production build never contains them
// (bundle.spec.ts checks). Built once per test process, on first use.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const outDir = path.join(root, 'build/e2e-fakes');

export type FakeWorker = 'crash-sweep' | 'crash-sim';

const built = new Map<FakeWorker, Promise<string>>();

function buildFake(name: FakeWorker): Promise<string> {
  const file = path.join(outDir, name, `${name}.js`);
  const once =
    built.get(name) ??
    build({
      configFile: false,
      root: path.join(root, 'web'),
      publicDir: false,
      logLevel: 'warn',
      build: {
        outDir: path.join(outDir, name),
        emptyOutDir: true,
        target: 'es2022',
        minify: false,
        rolldownOptions: {
          input: path.join(root, 'tests/e2e/fakes', `${name}.worker.ts`),
          output: { entryFileNames: `${name}.js`, codeSplitting: false },
        },
      },
    }).then(() => {
      if (!existsSync(file)) throw new Error(`the fake worker ${name} was not built`);
      return file;
    });
  built.set(name, once);
  return once;
}

/**
 * Serves fake worker `name` wherever the page starts its worker of kind
 * `kind` (the name of its entry, e.g. 'sweep'). Each worker the page starts
 * asks for the fake at a URL of its own: Chromium routed only the first of
 * several workers started from one script URL (a pool's), so the page's
 * Worker constructor is pointed at `/assets/fake-<name>.js?<n>` instead.
 */
export async function serveFakeWorker(page: Page, kind: 'sweep' | 'sim', name: FakeWorker): Promise<void> {
  const file = await buildFake(name);
  await page.route(new RegExp(`/assets/fake-${name}\\.js\\?\\d+$`), (route) => route.fulfill({ path: file, contentType: 'text/javascript' }));
  await page.addInitScript(
    ({ kind, name }) => {
      const Native = window.Worker;
      const real = new RegExp(`/assets/${kind}\\.worker-[^/]+\\.js$`);
      let started = 0;
      window.Worker = class extends Native {
        constructor(url: string | URL, options?: WorkerOptions) {
          const fake = real.test(String(url)) ? new URL(`/assets/fake-${name}.js?${started++}`, window.location.href) : url;
          super(fake, options);
        }
      };
    },
    { kind, name },
  );
}
