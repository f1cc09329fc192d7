// `npm start`: install what is missing, build core, wasm and page, and serve
// the lab on localhost with the default scenario running.
import { buildNative, buildWasm, ensureNodeModules, ensureSystemPackages, run } from './setup.mjs';

const port = process.env.PORT ?? '5173';
ensureSystemPackages(['cmake', 'ninja', 'c++ compiler', 'emscripten', 'nlohmann json', 'pcg random', 'boost math', 'eigen']);
ensureNodeModules();
buildNative();
buildWasm();
run('npx vite build');
console.log(`\nAQM Lab is running at http://127.0.0.1:${port}/  (Ctrl-C stops it)\n`);
run(`npx vite preview --host 127.0.0.1 --port ${port} --strictPort`);
