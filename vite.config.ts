import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One port for dev and preview so scripts and Playwright agree; PORT overrides it.
const port = Number(process.env.PORT ?? 5173);

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react()],
  // Workers import the Emscripten ES module, so they must be ES modules too.
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The bundler's timing report is advice for plugin authors: on a busy
    // machine it fires at every build and says nothing about the page.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
});
