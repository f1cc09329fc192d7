// `npm start`: install what is missing, build what the page needs (the wasm
// core and the Vite build, each skipped when its inputs are unchanged) and
// serve the lab on localhost with the default scenario running. The native
// tool and the tests are `npm test`'s: nothing the page loads comes from them.
import { buildPage, buildWasm, checkNode, corePackages, ensureNodeModules, ensureSystemPackages, root } from './setup.mjs';
import { spawn } from 'node:child_process';

const since = performance.now();
const port = process.env.PORT ?? '5173';
checkNode();
ensureSystemPackages([...corePackages, 'emscripten']);
ensureNodeModules();
buildWasm({ pageOnly: true });
buildPage();
console.log(`\n== serving dist/ (ready ${((performance.now() - since) / 1000).toFixed(1)} s after npm start)`);
console.log(`\nAQM Lab is running at http://127.0.0.1:${port}/  (Ctrl-C stops it)\n`);
// Vite itself, not through npx: the process started is the server, and Ctrl-C stops it.
const server = spawn(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'preview', '--host', '127.0.0.1', '--port', port, '--strictPort'], {
  cwd: root,
  stdio: 'inherit',
});
server.on('exit', (code) => process.exit(code ?? 1));
