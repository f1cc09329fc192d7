// The production build served by `vite preview` on a port of its own, for the
// benchmark scripts: started as Vite itself (not through npx), so the process
// started is the server and stops with it; a port already taken makes Vite
// exit (strictPort), so a script never measures someone else's server.
import { spawn } from 'node:child_process';
import { root } from './load-core-node.mjs';

/** Resolves to the running server once it answers on `port`; `dist` serves another build. */
export async function startPreview(port, { dist = null, env = {} } = {}) {
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'preview', ...(dist ? ['--outDir', dist] : [])], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  server.on('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 300; i++) {
    if (exited) throw new Error(`vite preview could not start on port ${port}`);
    try {
      if ((await fetch(baseURL)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`vite preview did not answer on ${baseURL} (is dist/ built?)`);
}
